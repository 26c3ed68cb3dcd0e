// A matching engine written to be obviously right rather than fast: whole-array sorts and linear
// scans, plain objects, BigInt wherever a product or a sum could outgrow a safe integer. The
// property tests require the real engine to produce exactly the events and books of this model.
import type {
  BookSnapshot,
  CancelReason,
  Command,
  EngineEvent,
  OrderCommand,
  OrderInfo,
  OrderType,
  RejectReason,
  Side,
  StpMode,
  TimeInForce,
} from '../src/types';

// Distributes over the union, so that each event kind keeps its own fields.
type WithoutSeq<E> = E extends EngineEvent ? Omit<E, 'seq'> : never;

interface ModelOrder {
  id: number;
  account: number;
  side: Side;
  orderType: OrderType;
  price: number | null;
  stopPrice: number | null;
  tif: TimeInForce;
  stp: StpMode;
  quoteLimit: number | null;
  qty: number;
  remaining: number;
  filled: number;
  /** When it entered the list it sits in (book or stops): earlier goes first at equal price. */
  arrival: number;
  triggerPrice: number;
}

export interface ModelOptions {
  maxPrice?: number;
  maxQty?: number;
  stp?: StpMode;
}

const isId = (x: unknown): boolean => Number.isSafeInteger(x) && (x as number) >= 0;
const inRange = (x: unknown, max: number): boolean => Number.isInteger(x) && (x as number) >= 1 && (x as number) <= max;

export class ReferenceBook {
  events: EngineEvent[] = [];
  private bids: ModelOrder[] = [];
  private asks: ModelOrder[] = [];
  private stops: ModelOrder[] = [];
  private pending: ModelOrder[] = [];
  private seq = 0;
  private lastPrice: number | null = null;
  private arrivals = 0;
  private readonly maxPrice: number;
  private readonly maxQty: number;
  private readonly stp: StpMode;

  constructor(opts: ModelOptions = {}) {
    this.maxPrice = opts.maxPrice ?? Number.MAX_SAFE_INTEGER;
    this.maxQty = opts.maxQty ?? Number.MAX_SAFE_INTEGER;
    this.stp = opts.stp ?? 'cancel_taker';
  }

  apply(cmd: Command): void {
    if (cmd.type === 'cancel') this.cancel(cmd.id);
    else if (cmd.type === 'reduce') this.reduce(cmd.id, cmd.qty);
    else this.submit(cmd);
  }

  bestBid(): number | null {
    return this.bids[0]?.price ?? null;
  }

  bestAsk(): number | null {
    return this.asks[0]?.price ?? null;
  }

  snapshot(): BookSnapshot {
    const stopOrder = (side: Side): ModelOrder[] =>
      this.stops
        .filter((s) => s.side === side)
        .sort((a, b) => (side === 'buy' ? a.stopPrice! - b.stopPrice! : b.stopPrice! - a.stopPrice!) || a.arrival - b.arrival);
    return {
      version: 1,
      maxPrice: this.maxPrice,
      maxQty: this.maxQty,
      stp: this.stp,
      seq: this.seq,
      lastTradePrice: this.lastPrice,
      bids: this.bids.map((o) => info(o, 'resting')),
      asks: this.asks.map((o) => info(o, 'resting')),
      stops: [...stopOrder('buy'), ...stopOrder('sell')].map((o) => info(o, 'stop')),
    };
  }

  private emit(event: WithoutSeq<EngineEvent>): void {
    this.events.push({ ...event, seq: this.seq++ } as EngineEvent);
  }

  private reject(command: 'submit' | 'cancel' | 'reduce', id: unknown, reason: RejectReason): void {
    this.emit({ type: 'rejected', command, orderId: isId(id) ? (id as number) : null, reason });
  }

  private find(id: number): ModelOrder | undefined {
    return [...this.bids, ...this.asks, ...this.stops].find((o) => o.id === id);
  }

  private removeEverywhere(o: ModelOrder): void {
    this.bids = this.bids.filter((x) => x !== o);
    this.asks = this.asks.filter((x) => x !== o);
    this.stops = this.stops.filter((x) => x !== o);
  }

  private validate(cmd: OrderCommand): RejectReason | null {
    const c = cmd as unknown as Record<string, unknown>;
    const type = c.type;
    if (type !== 'limit' && type !== 'market' && type !== 'stop_limit' && type !== 'stop_market') return 'invalid_type';
    if (!isId(c.id)) return 'invalid_id';
    if (!isId(c.account)) return 'invalid_account';
    if (c.side !== 'buy' && c.side !== 'sell') return 'invalid_side';
    const hasPrice = type === 'limit' || type === 'stop_limit';
    const isStop = type === 'stop_limit' || type === 'stop_market';
    if (hasPrice && !inRange(c.price, this.maxPrice)) return 'invalid_price';
    if (isStop && !inRange(c.stopPrice, this.maxPrice)) return 'invalid_stop_price';
    if (!inRange(c.qty, this.maxQty)) return 'invalid_qty';
    if (hasPrice) {
      const allowed = type === 'limit' ? [undefined, 'GTC', 'IOC', 'FOK', 'POST_ONLY'] : [undefined, 'GTC', 'IOC', 'FOK'];
      if (!allowed.includes(c.tif as string)) return 'invalid_tif';
    }
    if (![undefined, 'cancel_taker', 'cancel_maker', 'cancel_both'].includes(c.stp as string)) return 'invalid_stp';
    if (!hasPrice && c.quoteLimit !== undefined) {
      if (c.side !== 'buy' || !inRange(c.quoteLimit, Number.MAX_SAFE_INTEGER)) return 'invalid_quote_limit';
    }
    if (this.find(c.id as number) !== undefined) return 'duplicate_id';
    return null;
  }

  private crosses(o: ModelOrder, price: number): boolean {
    if (o.price === null) return true;
    return o.side === 'buy' ? price <= o.price : price >= o.price;
  }

  private opposite(o: ModelOrder): ModelOrder[] {
    return o.side === 'buy' ? this.asks : this.bids;
  }

  submit(cmd: OrderCommand): void {
    const bad = this.validate(cmd);
    if (bad !== null) return this.reject('submit', cmd.id, bad);
    const hasPrice = cmd.type === 'limit' || cmd.type === 'stop_limit';
    const o: ModelOrder = {
      id: cmd.id,
      account: cmd.account,
      side: cmd.side,
      orderType: cmd.type,
      price: hasPrice ? (cmd as { price: number }).price : null,
      stopPrice: cmd.type === 'stop_limit' || cmd.type === 'stop_market' ? cmd.stopPrice : null,
      tif: hasPrice ? ((cmd as { tif?: TimeInForce }).tif ?? 'GTC') : 'IOC',
      stp: cmd.stp ?? this.stp,
      quoteLimit: hasPrice ? null : ((cmd as { quoteLimit?: number }).quoteLimit ?? null),
      qty: cmd.qty,
      remaining: cmd.qty,
      filled: 0,
      arrival: 0,
      triggerPrice: 0,
    };
    if (o.tif === 'POST_ONLY') {
      const best = this.opposite(o)[0];
      if (best !== undefined && this.crosses(o, best.price!)) return this.reject('submit', cmd.id, 'post_only_would_cross');
    }
    this.emit({ type: 'accepted', orderId: o.id, account: o.account, side: o.side, orderType: o.orderType, price: o.price, stopPrice: o.stopPrice, qty: o.qty });
    if (o.stopPrice !== null) {
      const last = this.lastPrice;
      if (last !== null && (o.side === 'buy' ? last >= o.stopPrice : last <= o.stopPrice)) {
        o.triggerPrice = last;
        this.pending.push(o);
      } else {
        o.arrival = this.arrivals++;
        this.stops.push(o);
      }
    } else {
      this.take(o);
    }
    while (this.pending.length > 0) {
      const s = this.pending.shift()!;
      this.emit({ type: 'triggered', orderId: s.id, account: s.account, stopPrice: s.stopPrice!, lastPrice: s.triggerPrice });
      this.take(s);
    }
  }

  cancel(id: number): void {
    if (!isId(id)) return this.reject('cancel', id, 'invalid_id');
    const o = this.find(id);
    if (o === undefined) return this.reject('cancel', id, 'unknown_order');
    this.removeEverywhere(o);
    this.emit({ type: 'cancelled', orderId: o.id, account: o.account, qty: o.remaining, reason: 'user' });
  }

  reduce(id: number, qty: number): void {
    if (!isId(id)) return this.reject('reduce', id, 'invalid_id');
    const o = this.find(id);
    if (o === undefined) return this.reject('reduce', id, 'unknown_order');
    if (!Number.isInteger(qty) || qty < 1 || qty >= o.remaining) return this.reject('reduce', id, 'invalid_qty');
    const by = o.remaining - qty;
    o.remaining = qty;
    this.emit({ type: 'reduced', orderId: o.id, account: o.account, qty: by, remaining: qty });
  }

  private cancelTaker(o: ModelOrder, reason: CancelReason): void {
    this.emit({ type: 'cancelled', orderId: o.id, account: o.account, qty: o.remaining, reason });
  }

  private take(o: ModelOrder): void {
    if (o.tif === 'FOK' && !this.canFill(o)) return this.cancelTaker(o, 'fok_unfillable');
    const end = this.match(o);
    if (o.remaining === 0) return;
    if (end === 'self_trade') return this.cancelTaker(o, 'self_trade');
    if (end === 'quote') return this.cancelTaker(o, 'quote_limit');
    if (o.tif !== 'GTC' && o.tif !== 'POST_ONLY') return this.cancelTaker(o, 'unfilled');
    const own = o.side === 'buy' ? this.bids : this.asks;
    const total = own.reduce((sum, x) => sum + BigInt(x.remaining), BigInt(o.remaining));
    if (total > BigInt(Number.MAX_SAFE_INTEGER)) return this.cancelTaker(o, 'capacity');
    o.arrival = this.arrivals++;
    own.push(o);
    own.sort((a, b) => (o.side === 'buy' ? b.price! - a.price! : a.price! - b.price!) || a.arrival - b.arrival);
  }

  private canFill(o: ModelOrder): boolean {
    let got = 0;
    for (const m of this.opposite(o)) {
      if (!this.crosses(o, m.price!)) return false;
      if (m.account === o.account) {
        if (o.stp === 'cancel_maker') continue;
        return false;
      }
      got += m.remaining;
      if (got >= o.remaining) return true;
    }
    return false;
  }

  private match(o: ModelOrder): 'none' | 'self_trade' | 'quote' {
    let budget = o.quoteLimit;
    while (o.remaining > 0) {
      const book = this.opposite(o);
      const m = book[0];
      if (m === undefined || !this.crosses(o, m.price!)) return 'none';
      const price = m.price!;
      if (budget !== null && budget < price) return 'quote';
      if (m.account === o.account) {
        if (o.stp === 'cancel_taker') return 'self_trade';
        book.shift();
        this.emit({ type: 'cancelled', orderId: m.id, account: m.account, qty: m.remaining, reason: 'self_trade' });
        if (o.stp === 'cancel_both') return 'self_trade';
        continue;
      }
      let qty = Math.min(m.remaining, o.remaining);
      if (budget !== null) {
        qty = Math.min(qty, Number(BigInt(budget) / BigInt(price)));
        budget -= qty * price;
      }
      m.remaining -= qty;
      m.filled += qty;
      o.remaining -= qty;
      o.filled += qty;
      this.lastPrice = price;
      this.emit({
        type: 'trade',
        price,
        qty,
        takerId: o.id,
        takerAccount: o.account,
        takerSide: o.side,
        makerId: m.id,
        makerAccount: m.account,
        takerRemaining: o.remaining,
        makerRemaining: m.remaining,
      });
      if (m.remaining === 0) book.shift();
      this.trigger(price);
      if (o.remaining > 0 && budget !== null && budget < price) return 'quote';
    }
    return 'none';
  }

  private trigger(price: number): void {
    const buys = this.stops
      .filter((s) => s.side === 'buy' && s.stopPrice! <= price)
      .sort((a, b) => a.stopPrice! - b.stopPrice! || a.arrival - b.arrival);
    const sells = this.stops
      .filter((s) => s.side === 'sell' && s.stopPrice! >= price)
      .sort((a, b) => b.stopPrice! - a.stopPrice! || a.arrival - b.arrival);
    for (const s of [...buys, ...sells]) {
      s.triggerPrice = price;
      this.stops = this.stops.filter((x) => x !== s);
      this.pending.push(s);
    }
  }
}

function info(o: ModelOrder, status: 'resting' | 'stop'): OrderInfo {
  return {
    id: o.id,
    account: o.account,
    side: o.side,
    orderType: o.orderType,
    status,
    price: o.price,
    stopPrice: o.stopPrice,
    tif: o.tif,
    stp: o.stp,
    quoteLimit: o.quoteLimit,
    qty: o.qty,
    remaining: o.remaining,
    filled: o.filled,
  };
}
