// The matching engine: price-time priority over integer ticks and lots, driven by commands and
// reporting through an event sink. Pure: no I/O, no clock, no randomness, so the same commands
// always yield the same events.
import { createEventSlots, noopSink } from './events';
import type { EventSlots } from './events';
import {
  KIND_LIMIT,
  KIND_MARKET,
  KIND_STOP_LIMIT,
  NIL,
  NO_QUOTE_LIMIT,
  OrderStore,
  STP_CANCEL_BOTH,
  STP_CANCEL_TAKER,
  TIF_FOK,
  TIF_GTC,
  TIF_IOC,
  TIF_POST_ONLY,
} from './order-store';
import { IdMap } from './id-map';
import { BookSide, LevelStore } from './price-levels';
import { infoToSlot, slotToInfo } from './snapshot';
import { STP_NAMES, checkOrder, isId, kindCode, stpCode, tifCode } from './validate';
import type {
  BookSnapshot,
  CancelReason,
  Command,
  Depth,
  DepthLevel,
  EventSink,
  OrderBookOptions,
  OrderCommand,
  OrderInfo,
  RejectReason,
  StpMode,
} from './types';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

// Why a taker stopped matching with quantity left.
const END_NO_LIQUIDITY = 0;
const END_SELF_TRADE = 1;
const END_QUOTE = 2;

export class OrderBook {
  readonly maxPrice: number;
  readonly maxQty: number;
  readonly defaultStp: StpMode;

  private readonly o: OrderStore;
  private readonly levels = new LevelStore();
  private readonly bids: BookSide;
  private readonly asks: BookSide;
  private readonly buyStops: BookSide;
  private readonly sellStops: BookSide;
  /** Order id → slot, for every live order (resting, stop, or triggered and waiting to run). */
  private readonly orders: IdMap;
  private readonly ev: EventSlots = createEventSlots();
  private readonly stpDefault: number;
  private sink: EventSink;
  private seq = 0;
  /** 0 until the first trade: prices are ≥ 1. */
  private lastPrice = 0;
  // Triggered stops waiting to run, linked through the next column, in trigger order.
  private pendingHead = NIL;
  private pendingTail = NIL;
  private busy = false;

  constructor(opts: OrderBookOptions = {}) {
    const maxPrice = opts.maxPrice ?? MAX_SAFE;
    const maxQty = opts.maxQty ?? MAX_SAFE;
    if (!Number.isSafeInteger(maxPrice) || maxPrice < 1) throw new RangeError('maxPrice must be a positive safe integer');
    if (!Number.isSafeInteger(maxQty) || maxQty < 1) throw new RangeError('maxQty must be a positive safe integer');
    const stp = stpCode(opts.stp, STP_CANCEL_TAKER);
    if (stp < 0) throw new RangeError(`unknown stp mode ${String(opts.stp)}`);
    const capacity = opts.capacity ?? 1024;
    if (!Number.isInteger(capacity) || capacity < 1 || capacity > 2 ** 24) throw new RangeError('capacity must be an integer in 1..2^24');
    this.o = new OrderStore(capacity);
    this.orders = new IdMap(capacity * 2);
    this.bids = new BookSide(false, this.o, this.levels);
    this.asks = new BookSide(true, this.o, this.levels);
    // A buy stop fires when the price rises to it, so the lowest stop price is first in line.
    this.buyStops = new BookSide(true, this.o, this.levels);
    this.sellStops = new BookSide(false, this.o, this.levels);
    this.maxPrice = maxPrice;
    this.maxQty = maxQty;
    this.stpDefault = stp;
    this.defaultStp = STP_NAMES[stp] as StpMode;
    this.sink = opts.sink ?? noopSink;
  }

  /** Replaces the event sink, e.g. after restore(). */
  setSink(sink: EventSink): void {
    this.sink = sink;
  }

  // ---- commands ----------------------------------------------------------------------------

  /** Dispatches any command; the same as calling submit, cancel or reduce. */
  apply(cmd: Command): void {
    if (cmd.type === 'cancel') this.cancel(cmd.id);
    else if (cmd.type === 'reduce') this.reduce(cmd.id, cmd.qty);
    else this.submit(cmd);
  }

  submit(cmd: OrderCommand): void {
    this.enter();
    const invalid = checkOrder(cmd, this.maxPrice, this.maxQty);
    if (invalid !== null) return this.reject('submit', cmd.id, invalid);
    if (this.orders.has(cmd.id)) return this.reject('submit', cmd.id, 'duplicate_id');
    const kind = kindCode(cmd.type);
    const buy = cmd.side === 'buy';
    const limitKind = kind === KIND_LIMIT || kind === KIND_STOP_LIMIT;
    const tif = limitKind ? tifCode((cmd as { tif?: unknown }).tif) : TIF_IOC;
    const price = limitKind ? (cmd as { price: number }).price : 0;
    if (tif === TIF_POST_ONLY) {
      const side = buy ? this.asks : this.bids;
      const best = side.best();
      if (best !== NIL) {
        const bestPrice = this.levels.price[best] as number;
        if (buy ? bestPrice <= price : bestPrice >= price) return this.reject('submit', cmd.id, 'post_only_would_cross');
      }
    }

    const t = this.o.alloc();
    const o = this.o;
    const stopPrice = kind >= KIND_STOP_LIMIT ? (cmd as { stopPrice: number }).stopPrice : 0;
    o.id[t] = cmd.id;
    o.account[t] = cmd.account;
    o.buy[t] = buy ? 1 : 0;
    o.kind[t] = kind;
    o.tif[t] = tif;
    o.stp[t] = stpCode(cmd.stp, this.stpDefault);
    o.price[t] = price;
    o.stopPrice[t] = stopPrice;
    o.qty[t] = cmd.qty;
    o.placed[t] = cmd.qty;
    o.filled[t] = 0;
    o.quoteLimit[t] = limitKind ? NO_QUOTE_LIMIT : ((cmd as { quoteLimit?: number }).quoteLimit ?? NO_QUOTE_LIMIT);
    o.triggerPrice[t] = 0;
    this.emitAccepted(t);

    if (kind >= KIND_STOP_LIMIT) {
      this.orders.set(cmd.id, t);
      const last = this.lastPrice;
      // A stop whose condition already holds runs at once rather than waiting for another trade.
      if (last !== 0 && (buy ? last >= stopPrice : last <= stopPrice)) {
        o.triggerPrice[t] = last;
        this.pushPending(t);
      } else {
        o.isStop[t] = 1;
        (buy ? this.buyStops : this.sellStops).append(t, stopPrice);
      }
    } else {
      this.take(t);
    }
    if (this.pendingHead !== NIL) this.runTriggered();
    this.busy = false;
  }

  cancel(id: number): void {
    this.enter();
    if (!isId(id)) return this.reject('cancel', id, 'invalid_id');
    const slot = this.orders.get(id);
    if (slot === NIL) return this.reject('cancel', id, 'unknown_order');
    this.sideOf(slot).remove(slot);
    this.orders.delete(id);
    this.emitCancelled(slot, 'user');
    this.o.release(slot);
    this.busy = false;
  }

  /** Lowers a live order's remaining quantity to `qty`, keeping its place in the queue. */
  reduce(id: number, qty: number): void {
    this.enter();
    if (!isId(id)) return this.reject('reduce', id, 'invalid_id');
    const slot = this.orders.get(id);
    if (slot === NIL) return this.reject('reduce', id, 'unknown_order');
    const remaining = this.o.qty[slot] as number;
    if (!Number.isInteger(qty) || qty < 1 || qty >= remaining) return this.reject('reduce', id, 'invalid_qty');
    const by = remaining - qty;
    this.sideOf(slot).decrease(slot, by);
    const e = this.ev.reduced;
    e.seq = this.seq++;
    e.orderId = id;
    e.account = this.o.account[slot] as number;
    e.qty = by;
    e.remaining = qty;
    this.sink(e);
    this.busy = false;
  }

  // ---- queries -----------------------------------------------------------------------------

  bestBid(): number | null {
    const best = this.bids.best();
    return best === NIL ? null : (this.levels.price[best] as number);
  }

  bestAsk(): number | null {
    const best = this.asks.best();
    return best === NIL ? null : (this.levels.price[best] as number);
  }

  get lastTradePrice(): number | null {
    return this.lastPrice === 0 ? null : this.lastPrice;
  }

  /** Number of live orders, resting or stop. */
  get orderCount(): number {
    return this.orders.size;
  }

  getOrder(id: number): OrderInfo | undefined {
    if (!isId(id)) return undefined;
    const slot = this.orders.get(id);
    return slot === NIL ? undefined : slotToInfo(this.o, slot);
  }

  /** The best `n` price levels of each side, aggregated. */
  depth(n: number): Depth {
    return { bids: this.depthOf(this.bids, n), asks: this.depthOf(this.asks, n) };
  }

  snapshot(): BookSnapshot {
    return {
      version: 1,
      maxPrice: this.maxPrice,
      maxQty: this.maxQty,
      stp: this.defaultStp,
      seq: this.seq,
      lastTradePrice: this.lastTradePrice,
      bids: this.ordersOf(this.bids),
      asks: this.ordersOf(this.asks),
      stops: [...this.ordersOf(this.buyStops), ...this.ordersOf(this.sellStops)],
    };
  }

  /** Rebuilds a book that behaves exactly as the one the snapshot was taken from. */
  static restore(snap: BookSnapshot, sink?: EventSink): OrderBook {
    if (snap === null || typeof snap !== 'object' || snap.version !== 1) throw new Error('invalid snapshot: version');
    if (!Array.isArray(snap.bids) || !Array.isArray(snap.asks) || !Array.isArray(snap.stops)) {
      throw new Error('invalid snapshot: order lists');
    }
    const live = snap.bids.length + snap.asks.length + snap.stops.length;
    const book = new OrderBook({
      maxPrice: snap.maxPrice,
      maxQty: snap.maxQty,
      stp: snap.stp,
      capacity: Math.max(1024, live),
      ...(sink === undefined ? {} : { sink }),
    });
    if (!Number.isSafeInteger(snap.seq) || snap.seq < 0) throw new Error('invalid snapshot: seq');
    const last = snap.lastTradePrice;
    if (last !== null && !(Number.isSafeInteger(last) && last >= 1 && last <= book.maxPrice)) {
      throw new Error('invalid snapshot: lastTradePrice');
    }
    book.seq = snap.seq;
    book.lastPrice = last ?? 0;
    const o = book.o;
    const add = (list: OrderInfo[], status: 'resting' | 'stop', buy: boolean | null): void => {
      for (const info of list) {
        const slot = o.alloc();
        infoToSlot(info, o, slot, status, book.maxPrice, book.maxQty);
        if (buy !== null && (o.buy[slot] === 1) !== buy) throw new Error(`invalid snapshot: side of order ${info.id}`);
        if (book.orders.has(info.id)) throw new Error(`invalid snapshot: duplicate order ${info.id}`);
        const side = book.sideOf(slot);
        if (status === 'resting' && side.total + info.remaining > MAX_SAFE) throw new Error('invalid snapshot: capacity');
        side.append(slot, (status === 'stop' ? o.stopPrice[slot] : o.price[slot]) as number);
        book.orders.set(info.id, slot);
      }
    };
    add(snap.bids, 'resting', true);
    add(snap.asks, 'resting', false);
    add(snap.stops, 'stop', null);
    const bid = book.bestBid();
    const ask = book.bestAsk();
    if (bid !== null && ask !== null && bid >= ask) throw new Error('invalid snapshot: crossed book');
    return book;
  }

  // ---- matching ----------------------------------------------------------------------------

  /** Runs an accepted (or just triggered) order as a taker, then rests or cancels what is left. */
  private take(t: number): void {
    const o = this.o;
    const kind = o.kind[t] as number;
    const tif = o.tif[t] as number;
    const buy = o.buy[t] === 1;
    const limitKind = kind === KIND_LIMIT || kind === KIND_STOP_LIMIT;
    // Market orders get the widest possible limit, so one loop serves both.
    const limit = limitKind ? (o.price[t] as number) : buy ? MAX_SAFE : 0;
    if (tif === TIF_FOK && !this.canFill(t, limit)) return this.finishTaker(t, 'fok_unfillable');
    const end = this.match(t, limit);
    const left = o.qty[t] as number;
    if (left === 0) return this.finishTaker(t, null);
    if (end === END_SELF_TRADE) return this.finishTaker(t, 'self_trade');
    if (end === END_QUOTE) return this.finishTaker(t, 'quote_limit');
    if (!limitKind || (tif !== TIF_GTC && tif !== TIF_POST_ONLY)) return this.finishTaker(t, 'unfilled');
    const side = buy ? this.bids : this.asks;
    if (side.total + left > MAX_SAFE) return this.finishTaker(t, 'capacity');
    side.append(t, limit);
    if (kind === KIND_LIMIT) this.orders.set(o.id[t] as number, t);
  }

  /** Retires a taker that does not rest, reporting its remainder as cancelled when there is one. */
  private finishTaker(t: number, reason: CancelReason | null): void {
    if (reason !== null) this.emitCancelled(t, reason);
    // Only stops were registered before running; plain takers join the map only when they rest.
    if ((this.o.kind[t] as number) >= KIND_STOP_LIMIT) this.orders.delete(this.o.id[t] as number);
    this.o.release(t);
  }

  /**
   * Matches the taker against the opposite side until it is filled or stops, and says why it
   * stopped. The taker's qty and filled columns are updated at every trade, before its event, which
   * reports them; so they are current at every exit.
   */
  private match(t: number, limit: number): number {
    const o = this.o;
    const L = this.levels;
    const buy = o.buy[t] === 1;
    const book = buy ? this.asks : this.bids;
    const account = o.account[t] as number;
    const stp = o.stp[t] as number;
    let budget = o.quoteLimit[t] as number;
    let want = o.qty[t] as number;
    while (book.size > 0) {
      const level = book.heap[0] as number;
      const price = L.price[level] as number;
      if (buy ? price > limit : price < limit) break;
      if (budget !== NO_QUOTE_LIMIT && budget < price) return END_QUOTE;
      let maker = L.head[level] as number;
      while (maker !== NIL) {
        const next = o.next[maker] as number;
        if (o.account[maker] === account) {
          if (stp === STP_CANCEL_TAKER) return END_SELF_TRADE;
          book.remove(maker);
          this.orders.delete(o.id[maker] as number);
          this.emitCancelled(maker, 'self_trade');
          o.release(maker);
          if (stp === STP_CANCEL_BOTH) return END_SELF_TRADE;
          maker = next;
          continue;
        }
        const makerQty = o.qty[maker] as number;
        let qty = makerQty < want ? makerQty : want;
        if (budget !== NO_QUOTE_LIMIT) {
          // `%` on doubles is exact, so this is floor(budget / price) with no rounding at any size.
          const affordable = (budget - (budget % price)) / price;
          if (affordable < qty) qty = affordable;
          budget -= qty * price;
        }
        want -= qty;
        o.qty[t] = want;
        o.filled[t] = (o.filled[t] as number) + qty;
        book.decrease(maker, qty);
        o.filled[maker] = (o.filled[maker] as number) + qty;
        this.lastPrice = price;
        this.emitTrade(t, maker, price, qty);
        if (makerQty === qty) {
          book.remove(maker);
          this.orders.delete(o.id[maker] as number);
          o.release(maker);
        }
        if (this.buyStops.size > 0 || this.sellStops.size > 0) this.collectTriggered(price);
        if (want === 0) return END_NO_LIQUIDITY;
        if (budget !== NO_QUOTE_LIMIT && budget < price) return END_QUOTE;
        maker = next;
      }
    }
    return END_NO_LIQUIDITY;
  }

  /**
   * Whether a fill-or-kill taker would fill completely, walking the same makers, in the same
   * order, with the same self-trade rules as match(), so that a true answer guarantees a full fill.
   */
  private canFill(t: number, limit: number): boolean {
    const o = this.o;
    const L = this.levels;
    const buy = o.buy[t] === 1;
    const book = buy ? this.asks : this.bids;
    const account = o.account[t] as number;
    const stp = o.stp[t] as number;
    const qty = o.qty[t] as number;
    if (book.total < qty) return false;
    // Level totals first: an order too big for the liquidity within its price fails without
    // looking at single orders, so a failed check costs O(levels), not O(orders).
    let within = 0;
    book.walkStart();
    for (let level = book.walkNext(); level !== NIL && within < qty; level = book.walkNext()) {
      const price = L.price[level] as number;
      if (buy ? price > limit : price < limit) break;
      within += L.total[level] as number;
    }
    if (within < qty) return false;
    // Then the orders, for self-trade prevention; this walk stops where the fill would.
    let need = qty;
    book.walkStart();
    for (let level = book.walkNext(); level !== NIL; level = book.walkNext()) {
      const price = L.price[level] as number;
      if (buy ? price > limit : price < limit) return false;
      for (let m = L.head[level] as number; m !== NIL; m = o.next[m] as number) {
        if (o.account[m] === account) {
          if (stp === STP_CANCEL_TAKER || stp === STP_CANCEL_BOTH) return false;
          continue;
        }
        need -= o.qty[m] as number;
        if (need <= 0) return true;
      }
    }
    return false;
  }

  /** Moves every stop that a trade at `price` triggers to the pending queue, buy stops first. */
  private collectTriggered(price: number): void {
    const prices = this.levels.price;
    let level = this.buyStops.best();
    while (level !== NIL && (prices[level] as number) <= price) {
      this.drainStopLevel(this.buyStops, level, price);
      level = this.buyStops.best();
    }
    level = this.sellStops.best();
    while (level !== NIL && (prices[level] as number) >= price) {
      this.drainStopLevel(this.sellStops, level, price);
      level = this.sellStops.best();
    }
  }

  private drainStopLevel(side: BookSide, level: number, price: number): void {
    const o = this.o;
    const L = this.levels;
    // remove() releases the level when its last order leaves, so count before reading the head.
    for (let n = L.count[level] as number; n > 0; n--) {
      const slot = L.head[level] as number;
      side.remove(slot);
      o.isStop[slot] = 0;
      o.triggerPrice[slot] = price;
      this.pushPending(slot);
    }
  }

  private pushPending(slot: number): void {
    this.o.next[slot] = NIL;
    if (this.pendingTail === NIL) this.pendingHead = slot;
    else this.o.next[this.pendingTail] = slot;
    this.pendingTail = slot;
  }

  /** Runs triggered stops one by one; each may trigger more, which join the end of the queue. */
  private runTriggered(): void {
    const o = this.o;
    while (this.pendingHead !== NIL) {
      const slot = this.pendingHead;
      this.pendingHead = o.next[slot] as number;
      if (this.pendingHead === NIL) this.pendingTail = NIL;
      o.next[slot] = NIL;
      const e = this.ev.triggered;
      e.seq = this.seq++;
      e.orderId = o.id[slot] as number;
      e.account = o.account[slot] as number;
      e.stopPrice = o.stopPrice[slot] as number;
      e.lastPrice = o.triggerPrice[slot] as number;
      this.sink(e);
      this.take(slot);
    }
  }

  private sideOf(slot: number): BookSide {
    const buy = this.o.buy[slot] === 1;
    if (this.o.isStop[slot] === 1) return buy ? this.buyStops : this.sellStops;
    return buy ? this.bids : this.asks;
  }

  private depthOf(side: BookSide, n: number): DepthLevel[] {
    const L = this.levels;
    const out: DepthLevel[] = [];
    side.walkStart();
    for (let level = side.walkNext(); level !== NIL && out.length < n; level = side.walkNext()) {
      out.push({ price: L.price[level] as number, qty: L.total[level] as number, orders: L.count[level] as number });
    }
    return out;
  }

  private ordersOf(side: BookSide): OrderInfo[] {
    const out: OrderInfo[] = [];
    side.walkStart();
    for (let level = side.walkNext(); level !== NIL; level = side.walkNext()) {
      for (let slot = this.levels.head[level] as number; slot !== NIL; slot = this.o.next[slot] as number) {
        out.push(slotToInfo(this.o, slot));
      }
    }
    return out;
  }

  // ---- events ------------------------------------------------------------------------------

  private enter(): void {
    // A sink that calls back in, or a command that threw half-way, would leave the book inconsistent.
    if (this.busy) throw new Error('OrderBook: re-entrant call, or an earlier command failed half-way');
    this.busy = true;
  }

  private reject(command: 'submit' | 'cancel' | 'reduce', id: unknown, reason: RejectReason): void {
    const e = this.ev.rejected;
    e.seq = this.seq++;
    e.command = command;
    e.orderId = isId(id) ? id : null;
    e.reason = reason;
    this.sink(e);
    this.busy = false;
  }

  private emitAccepted(t: number): void {
    const o = this.o;
    const kind = o.kind[t] as number;
    const e = this.ev.accepted;
    e.seq = this.seq++;
    e.orderId = o.id[t] as number;
    e.account = o.account[t] as number;
    e.side = o.buy[t] === 1 ? 'buy' : 'sell';
    e.orderType = kind === KIND_LIMIT ? 'limit' : kind === KIND_MARKET ? 'market' : kind === KIND_STOP_LIMIT ? 'stop_limit' : 'stop_market';
    e.price = kind === KIND_LIMIT || kind === KIND_STOP_LIMIT ? (o.price[t] as number) : null;
    e.stopPrice = kind >= KIND_STOP_LIMIT ? (o.stopPrice[t] as number) : null;
    e.qty = o.qty[t] as number;
    this.sink(e);
  }

  private emitTrade(t: number, m: number, price: number, qty: number): void {
    const o = this.o;
    const e = this.ev.trade;
    e.seq = this.seq++;
    e.price = price;
    e.qty = qty;
    e.takerId = o.id[t] as number;
    e.takerAccount = o.account[t] as number;
    e.takerSide = o.buy[t] === 1 ? 'buy' : 'sell';
    e.makerId = o.id[m] as number;
    e.makerAccount = o.account[m] as number;
    e.takerRemaining = o.qty[t] as number;
    e.makerRemaining = o.qty[m] as number;
    this.sink(e);
  }

  /** Reports the order's whole remaining quantity as cancelled. */
  private emitCancelled(slot: number, reason: CancelReason): void {
    const o = this.o;
    const e = this.ev.cancelled;
    e.seq = this.seq++;
    e.orderId = o.id[slot] as number;
    e.account = o.account[slot] as number;
    e.qty = o.qty[slot] as number;
    e.reason = reason;
    this.sink(e);
  }
}
