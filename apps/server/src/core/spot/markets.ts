import { OrderBook, type EngineEvent } from '@tessera/engine';
import type { Queryable } from '../../db/database';
import { fitsColumn, hasAtMostDecimals, SCALE, type Atoms } from '../amount';
import type { CommandContext } from '../command-context';
import type { CommandResult, KindState, LoadContext } from '../kind';
import { refuse } from '../refusal';
import { lotAtoms, lotsToAtoms, tickAtoms, ticksToAtoms, toUnits } from '../units';
import { feeOf, notional, type SpotPair } from './pair';
import { CURRENCY_PAIRS, type SpotPairSettings } from './pair-columns';
import { loadSpotState, SPOT_ORDERS, SPOT_TRADES, type SpotStateRows } from './repository';
import type { LastTradeTrigger, TradePrint } from '../triggers/last-trade-triggers';
import type { SpotOrderState, SpotOrderType, SpotSelfTradePrevention, SpotSide, SpotTimeInForce, SpotTradeRecord } from './state';
import { TradeTape } from './trade-tape';
import type { LevelAtoms } from '../index-prices/impact';
import type { SignedAdmission } from '../admissions/admission';

export interface PlaceSpotOrder {
  userId: number;
  pairId: number;
  side: SpotSide;
  type: SpotOrderType;
  /** limit and stop-limit orders */
  price?: Atoms;
  quantity: Atoms;
  /** limit and stop-limit orders; GTC when absent (a market order takes what it can and never rests) */
  timeInForce?: SpotTimeInForce;
  /** limit orders only: refused if it would take */
  postOnly?: boolean;
  /** cancel_taker when absent */
  stp?: SpotSelfTradePrevention;
  /** the owner's id for the order; the command's key carries it too, so a retried place applies once */
  clientOrderId?: string;
  /** stop-limit orders */
  stopPrice?: Atoms;
}

/** How deep a market buy looks to price its budget: far beyond any real book's useful depth. */
const MARKET_DEPTH_LEVELS = 5000;

export interface SpotPlaceCommand extends PlaceSpotOrder {
  kind: 'spot_place';
  key: string;
  /** a signed v1 order's admission, recorded by the core in the order's batch */
  admission?: SignedAdmission;
}

/** A stop-limit order's firing: a trade reached its stop price, so it enters the book as a limit order. */
export interface SpotStopFireCommand {
  kind: 'spot_stop_fire';
  key: string;
  orderId: number;
  price: Atoms;
  tradeId: number;
}

export interface SpotCancelCommand {
  kind: 'spot_cancel';
  key: string;
  userId: number;
  orderId: number;
}

/**
 * An operator's change of a pair's spot settings (enabled, precisions, fees): the next command
 * trades by them, and the pair's `currency_pairs` row is written in the same batch.
 */
export interface SpotPairSettingsCommand {
  kind: 'spot_pair_settings';
  key: string;
  pairId: number;
  changes: Partial<SpotPairSettings>;
}

export type SpotCommand = SpotPlaceCommand | SpotCancelCommand | SpotStopFireCommand | SpotPairSettingsCommand;

/** The idempotency key of a stop order's firing: it fires once. */
export const stopTriggerKey = (orderId: number) => `trigger:spot-stop:${orderId}`;

/** A fee is a fraction below one, of at most six decimals (the scale of `currency_pairs.maker_fee`, so a restart loads what memory holds). */
const FEE_DECIMALS = 6;
const ONE = 10n ** BigInt(SCALE);

/**
 * The spot side of the core's state: one engine book per pair, the open orders, and the rules that
 * turn engine events into balance movements. Runs only inside the core's single writer.
 */
export class SpotMarkets implements KindState<SpotCommand, SpotStateRows> {
  readonly pairs = new Map<number, SpotPair>();
  private readonly books = new Map<number, OrderBook>();
  /** open orders; a finished order leaves this map */
  private readonly open = new Map<number, SpotOrderState>();
  private events: EngineEvent[] = [];
  private nextOrderId = 1;
  private nextTradeId = 1;
  /** the account that collects trading fees */
  private feeAccount = 0;
  /** each pair's last trade price, kept across restarts */
  private readonly lastTrades = new Map<number, Atoms>();
  /** each pair's last trade price since the last load, in atoms (not the book's ticks: a pair's grid may change) */
  private readonly lastTradesSinceLoad = new Map<number, Atoms>();
  /** each pair's recent trades, for "the last trade at or before T" (second contracts settle at it) */
  readonly tape = new TradeTape();
  /** trades since the last `takeTradePrints`, for the stop orders' triggers */
  private prints: TradePrint[] = [];
  /** stop-limit orders waiting for their trigger (their funds held, not in the book) */
  private readonly waitingStops = new Map<number, SpotOrderState>();

  load(db: Queryable): Promise<SpotStateRows> {
    return loadSpotState(db);
  }

  apply(command: SpotCommand, context: CommandContext, now: Date): CommandResult {
    switch (command.kind) {
      case 'spot_place':
        return { applied: true, orderId: this.place(command, context, now).id };
      case 'spot_cancel':
        this.cancel(command.userId, command.orderId, context, now);
        return { applied: true, orderId: command.orderId };
      case 'spot_stop_fire':
        this.fireStop(command, context, now);
        return { applied: true, orderId: command.orderId };
      case 'spot_pair_settings':
        this.setPair(command, context);
        return { applied: true };
    }
  }

  reset(input: SpotStateRows, context: LoadContext) {
    this.pairs.clear();
    this.books.clear();
    this.open.clear();
    this.waitingStops.clear();
    this.prints = [];
    this.lastTrades.clear();
    this.lastTradesSinceLoad.clear();
    for (const [pairId, price] of input.lastTrades) this.lastTrades.set(pairId, price);
    this.feeAccount = context.feeAccount;
    this.nextOrderId = input.lastOrderId + 1;
    this.nextTradeId = input.lastTradeId + 1;
    this.tape.clear();
    for (const pair of input.pairs) {
      this.pairs.set(pair.id, pair);
      const last = input.lastTradeRecords.get(pair.id) ?? null;
      this.tape.seed(pair.id, last);
      // the stops' triggers are checked once against each pair's last trade after a load
      if (last) this.prints.push({ pairId: pair.id, tradeId: last.id, price: last.price });
      this.books.set(pair.id, new OrderBook({ sink: (event) => this.events.push({ ...event }), stp: 'cancel_taker' }));
    }
    // resting orders go back in the order they joined the queue: the same time priority they had
    for (const order of [...input.openOrders].sort((a, b) => a.queuePriority - b.queuePriority)) {
      const pair = this.pairs.get(order.pairId);
      const book = this.books.get(order.pairId);
      if (!pair || !book || order.price === null) continue;
      this.open.set(order.id, order);
      if (isWaitingStop(order)) {
        this.waitingStops.set(order.id, order);
        continue;
      }
      book.submit({
        type: 'limit',
        id: order.id,
        account: order.userId,
        side: order.side,
        price: Number(order.price / tickAtoms(pair)),
        qty: Number((order.quantity - order.filled) / lotAtoms(pair)),
        stp: order.stp,
      });
    }
    this.events = [];
  }

  /** The price of the pair's last trade, across restarts, or null when it never traded. */
  lastTrade(pairId: number): Atoms | null {
    return this.lastTrades.get(pairId) ?? null;
  }

  *lastTradeTriggers(): Iterable<LastTradeTrigger> {
    // after a load every trade counts: the one each pair is seeded with is newer than any waiting
    // stop it reaches (a stop the last trade had reached was refused when placed)
    for (const order of this.waitingStops.values()) yield this.stopTrigger(order, 0);
  }

  takeTradePrints(): TradePrint[] {
    const prints = this.prints;
    this.prints = [];
    return prints;
  }

  /** The price of the pair's last trade since the core loaded, or null. */
  lastPriceSinceLoad(pairId: number): Atoms | null {
    return this.lastTradesSinceLoad.get(pairId) ?? null;
  }

  book(pairId: number): OrderBook | undefined {
    return this.books.get(pairId);
  }

  /** The best `levels` price levels of each side in atoms, best first; empty sides for an unknown pair. */
  depthAtoms(pairId: number, levels: number): { bids: LevelAtoms[]; asks: LevelAtoms[] } {
    const pair = this.pairs.get(pairId);
    const book = this.books.get(pairId);
    if (!pair || !book) return { bids: [], asks: [] };
    const depth = book.depth(levels);
    const level = (entry: { price: number; qty: number }): LevelAtoms => ({ price: ticksToAtoms(pair, entry.price), quantity: lotsToAtoms(pair, entry.qty) });
    return { bids: depth.bids.map(level), asks: depth.asks.map(level) };
  }

  order(id: number): SpotOrderState | undefined {
    return this.open.get(id);
  }

  openOrdersOf(userId: number): SpotOrderState[] {
    return [...this.open.values()].filter((order) => order.userId === userId);
  }

  place(command: PlaceSpotOrder, context: CommandContext, now: Date): SpotOrderState {
    const pair = this.pairs.get(command.pairId);
    const book = this.books.get(command.pairId);
    if (!pair || !book) refuse('pair not found');
    if (!pair.enabled) refuse('pair not enabled');
    if (command.quantity <= 0n) refuse('number must be greater than zero');
    const lots = toUnits(command.quantity, lotAtoms(pair));
    if (lots === undefined) refuse('parameter error');
    const timeInForce = command.timeInForce ?? 'GTC';
    const postOnly = command.postOnly ?? false;
    // a market order takes what it can and never rests: a time in force other than IOC-like makes no sense for it
    if (command.type === 'market' && (postOnly || command.timeInForce !== undefined)) refuse('parameter error');
    if (command.type === 'stop_limit' && postOnly) refuse('parameter error');
    if (postOnly && timeInForce !== 'GTC') refuse('parameter error');

    const order: SpotOrderState = {
      id: this.nextOrderId,
      userId: command.userId,
      pairId: pair.id,
      side: command.side,
      type: command.type,
      price: command.type === 'market' ? null : (command.price ?? null),
      quantity: command.quantity,
      filled: 0n,
      filledQuote: 0n,
      locked: 0n,
      status: 'open',
      timeInForce,
      postOnly,
      stp: command.stp ?? 'cancel_taker',
      clientOrderId: command.clientOrderId ?? null,
      stopPrice: null,
      firing: null,
      queuePriority: this.nextOrderId,
      createdAt: now,
      updatedAt: now,
    };

    if (command.type === 'stop_limit') return this.placeStop(order, pair, command.stopPrice, context);
    let quoteLimit: number | undefined;
    if (command.type === 'limit') {
      if (command.price === undefined || command.price <= 0n) refuse('price must be greater than zero');
      const ticks = toUnits(command.price, tickAtoms(pair));
      if (ticks === undefined) refuse('parameter error');
      // price × quantity is what a buy locks and what the trades are worth: it must fit its columns
      if (!fitsColumn(notional(command.price, command.quantity))) refuse('parameter error');
      order.locked = command.side === 'buy' ? notional(command.price, command.quantity) : command.quantity;
      this.lock(order, pair, order.locked, context);
      this.submit(book, { type: 'limit', id: order.id, account: order.userId, side: order.side, price: ticks, qty: lots, tif: postOnly ? 'POST_ONLY' : timeInForce, stp: order.stp });
      // the book refused it untouched (a post-only order that would take): so is the command
      if (this.events.some((event) => event.type === 'rejected')) refuse(postOnly ? 'post only order would take' : 'parameter error');
      this.consumeId();
    } else {
      if (command.side === 'buy') {
        const budget = this.marketBuyCost(book, pair, lots);
        if (budget === 0n) refuse('no market price');
        order.locked = budget;
        quoteLimit = toUnits(budget, tickAtoms(pair) * lotAtoms(pair) / 10n ** 18n);
        if (quoteLimit === undefined) refuse('parameter error');
      } else {
        if (book.bestBid() === null) refuse('no market price');
        order.locked = command.quantity;
      }
      this.lock(order, pair, order.locked, context);
      this.consumeId();
      this.submit(book, {
        type: 'market',
        id: order.id,
        account: order.userId,
        side: order.side,
        qty: lots,
        stp: order.stp,
        ...(quoteLimit === undefined ? {} : { quoteLimit }),
      });
    }
    this.open.set(order.id, order);
    this.settle(pair, context, now, order);
    return order;
  }

  /**
   * A stop-limit order holds its funds as a limit order would and waits, outside the book, for a
   * trade at or beyond its stop price (the core's last-trade triggers). One whose stop the last
   * trade already reached is refused: it would be a plain limit order, which the trader can send.
   */
  private placeStop(order: SpotOrderState, pair: SpotPair, stopPrice: Atoms | undefined, context: CommandContext): SpotOrderState {
    if (order.price === null || order.price <= 0n) refuse('price must be greater than zero');
    if (stopPrice === undefined || stopPrice <= 0n) refuse('stop price must be greater than zero');
    if (toUnits(order.price, tickAtoms(pair)) === undefined || toUnits(stopPrice, tickAtoms(pair)) === undefined) refuse('parameter error');
    const last = this.lastTrades.get(pair.id);
    if (last !== undefined && (order.side === 'buy' ? last >= stopPrice : last <= stopPrice)) refuse('stop price would trigger at once');
    order.stopPrice = stopPrice;
    order.locked = order.side === 'buy' ? notional(order.price, order.quantity) : order.quantity;
    this.lock(order, pair, order.locked, context);
    this.consumeId();
    this.open.set(order.id, order);
    this.waitingStops.set(order.id, order);
    context.addLastTradeTrigger(this.stopTrigger(order, this.nextTradeId - 1));
    context.stage(SPOT_ORDERS, order);
    return order;
  }

  /**
   * A waiting stop's trigger: buy stops fire on a trade at or above the stop price, sell stops at
   * or below; trades up to `afterTradeId` (printed before it was placed: trade ids grow across pairs) do not count.
   */
  private stopTrigger(order: SpotOrderState, afterTradeId: number): LastTradeTrigger {
    return {
      key: stopTriggerKey(order.id),
      pairId: order.pairId,
      direction: order.side === 'buy' ? 'rise' : 'fall',
      level: order.stopPrice ?? 0n,
      afterTradeId,
      fire: ({ price, tradeId }) => ({ kind: 'spot_stop_fire', key: stopTriggerKey(order.id), orderId: order.id, price, tradeId }),
    };
  }

  /** A trade reached the stop: the order joins the book now, as a limit order with its own time in force. */
  private fireStop(command: SpotStopFireCommand, context: CommandContext, now: Date): void {
    const order = this.waitingStops.get(command.orderId);
    // cancelled meanwhile: nothing to fire (the core drops the refusal)
    if (!order) refuse('order not found');
    const pair = this.pairs.get(order.pairId);
    const book = this.books.get(order.pairId);
    if (!pair || !book || order.price === null) refuse('pair not found');
    this.waitingStops.delete(order.id);
    order.firing = { price: command.price, tradeId: command.tradeId, at: now };
    order.queuePriority = this.nextOrderId;
    this.consumeId();
    order.updatedAt = now;
    const ticks = toUnits(order.price, tickAtoms(pair));
    const lots = toUnits(order.quantity, lotAtoms(pair));
    if (ticks === undefined || lots === undefined || !pair.enabled) {
      // the pair's grid changed or it was closed while the stop waited: it cannot trade, so it ends
      this.release(pair, order.id, context, now);
      this.open.delete(order.id);
      return;
    }
    this.submit(book, { type: 'limit', id: order.id, account: order.userId, side: order.side, price: ticks, qty: lots, tif: order.timeInForce, stp: order.stp });
    this.settle(pair, context, now, order);
  }

  cancel(userId: number, orderId: number, context: CommandContext, now: Date): SpotOrderState {
    const order = this.open.get(orderId);
    if (!order) refuse('order not found');
    if (order.userId !== userId) refuse('not your order');
    const pair = this.pairs.get(order.pairId);
    const book = this.books.get(order.pairId);
    if (!pair || !book) refuse('pair not found');
    if (this.waitingStops.delete(orderId)) {
      // a waiting stop is not in the book: its funds come back and its trigger goes
      context.removeTrigger(stopTriggerKey(orderId));
      this.release(pair, orderId, context, now);
      this.open.delete(orderId);
      return order;
    }
    this.submit(book, { type: 'cancel', id: orderId });
    this.settle(pair, context, now, order);
    return order;
  }

  /**
   * Changes a pair's settings. The book counts in ticks and lots of the pair's precisions, so a
   * precision changes only while the book holds no order: checked here, in the single writer, so
   * no order can slip in between the check and the change.
   */
  setPair(command: SpotPairSettingsCommand, context: CommandContext): SpotPair {
    const pair = this.pairs.get(command.pairId);
    const book = this.books.get(command.pairId);
    if (!pair || !book) refuse('pair not found');
    const { changes } = command;
    const next: SpotPair = {
      ...pair,
      enabled: changes.enabled ?? pair.enabled,
      pricePrecision: changes.pricePrecision ?? pair.pricePrecision,
      quantityPrecision: changes.quantityPrecision ?? pair.quantityPrecision,
      makerFee: changes.makerFee ?? pair.makerFee,
      takerFee: changes.takerFee ?? pair.takerFee,
    };
    for (const precision of [next.pricePrecision, next.quantityPrecision]) {
      if (!Number.isInteger(precision) || precision < 0 || precision > SCALE) refuse('parameter error');
    }
    for (const fee of [next.makerFee, next.takerFee]) {
      if (fee < 0n || fee >= ONE || !hasAtMostDecimals(fee, FEE_DECIMALS)) refuse('parameter error');
    }
    const regrids = next.pricePrecision !== pair.pricePrecision || next.quantityPrecision !== pair.quantityPrecision;
    if (regrids && (book.orderCount > 0 || [...this.waitingStops.values()].some((order) => order.pairId === pair.id))) refuse('pair has open orders');
    // replaced, never changed in place: a pair a reader holds does not change under it
    this.pairs.set(next.id, next);
    const { enabled, pricePrecision, quantityPrecision, makerFee, takerFee } = next;
    context.stage(CURRENCY_PAIRS, { pairId: next.id, spot: { enabled, pricePrecision, quantityPrecision, makerFee, takerFee } });
    return next;
  }

  private consumeId(): void {
    this.nextOrderId += 1;
  }

  private submit(book: OrderBook, command: Parameters<OrderBook['apply']>[0]): void {
    this.events = [];
    book.apply(command);
  }

  /** Holds the order's funds: refuses `insufficient balance` before the book is touched. */
  private lock(order: SpotOrderState, pair: SpotPair, amount: Atoms, context: CommandContext): void {
    context.move({
      userId: order.userId,
      currencyId: order.side === 'buy' ? pair.legalId : pair.currencyId,
      wallet: 'change',
      available: -amount,
      locked: amount,
      reason: 'order_lock',
      reference: `spot:${order.id}`,
    });
  }

  /** What buying `lots` at market costs against the current asks (less if the book is thinner). */
  private marketBuyCost(book: OrderBook, pair: SpotPair, lots: number): Atoms {
    let remaining = lots;
    let cost = 0n;
    for (const level of book.depth(MARKET_DEPTH_LEVELS).asks) {
      const take = Math.min(remaining, level.qty);
      cost += notional(ticksToAtoms(pair, level.price), lotsToAtoms(pair, take));
      remaining -= take;
      if (remaining === 0) break;
    }
    return cost;
  }

  /** Turns the engine's events of one command into balance movements, order changes and trades. */
  private settle(pair: SpotPair, context: CommandContext, now: Date, taker: SpotOrderState): void {
    context.stage(SPOT_ORDERS, taker);
    for (const event of this.events) {
      if (event.type === 'trade') this.settleTrade(pair, event.price, event.qty, event.takerId, event.makerId, context, now);
      else if (event.type === 'cancelled') this.release(pair, event.orderId, context, now);
    }
    this.events = [];
    // a market order never rests: whatever it did not fill was cancelled by the engine
    for (const order of context.staging(SPOT_ORDERS)) {
      if (order.status !== 'open') this.open.delete(order.id);
    }
  }

  private settleTrade(pair: SpotPair, ticks: number, lots: number, takerId: number, makerId: number, context: CommandContext, now: Date): void {
    const taker = this.open.get(takerId);
    const maker = this.open.get(makerId);
    if (!taker || !maker) throw new Error(`trade between unknown orders ${takerId} and ${makerId}`);
    const buy = taker.side === 'buy' ? taker : maker;
    const sell = taker.side === 'sell' ? taker : maker;
    const price = ticksToAtoms(pair, ticks);
    const quantity = lotsToAtoms(pair, lots);
    const quote = notional(price, quantity);
    const buyerRate = buy === taker ? pair.takerFee : pair.makerFee;
    const sellerRate = sell === taker ? pair.takerFee : pair.makerFee;
    const buyerFee = feeOf(quantity, buyerRate);
    const sellerFee = feeOf(quote, sellerRate);
    const reference = `trade:${this.nextTradeId}`;

    // the buyer's hold: a limit buy held its own price for this quantity, a market buy the cost itself
    const held = buy.price === null ? quote : notional(buy.price, quantity);
    const quoteSide = { currencyId: pair.legalId, wallet: 'change' as const, reference };
    const baseSide = { currencyId: pair.currencyId, wallet: 'change' as const, reference };
    context.move({ ...quoteSide, userId: buy.userId, locked: -held, available: held - quote, reason: 'trade' });
    context.move({ ...baseSide, userId: buy.userId, available: quantity - buyerFee, reason: 'trade' });
    context.move({ ...baseSide, userId: sell.userId, locked: -quantity, reason: 'trade' });
    context.move({ ...quoteSide, userId: sell.userId, available: quote - sellerFee, reason: 'trade' });
    if (buyerFee > 0n) context.move({ ...baseSide, userId: this.feeAccount, available: buyerFee, reason: 'fee' });
    if (sellerFee > 0n) context.move({ ...quoteSide, userId: this.feeAccount, available: sellerFee, reason: 'fee' });

    buy.locked -= held;
    sell.locked -= quantity;
    for (const order of [buy, sell]) {
      order.filled += quantity;
      order.filledQuote += quote;
      order.updatedAt = now;
      if (order.filled === order.quantity) order.status = 'filled';
      context.stage(SPOT_ORDERS, order);
    }
    const trade: SpotTradeRecord = {
      id: this.nextTradeId,
      pairId: pair.id,
      price,
      quantity,
      takerSide: taker.side,
      buyOrderId: buy.id,
      sellOrderId: sell.id,
      buyerId: buy.userId,
      sellerId: sell.userId,
      buyerFee,
      sellerFee,
      createdAt: now,
    };
    this.nextTradeId += 1;
    this.lastTrades.set(pair.id, price);
    this.lastTradesSinceLoad.set(pair.id, price);
    this.tape.record(pair.id, { id: trade.id, at: now.getTime(), price });
    this.prints.push({ pairId: pair.id, tradeId: trade.id, price });
    context.stage(SPOT_TRADES, trade);
    // a filled limit buy may still hold the price-improvement residue of earlier fills: none, by
    // construction (each fill releases exactly its own hold), so a filled order holds nothing
    if (buy.status === 'filled' && buy.locked !== 0n) this.release(pair, buy.id, context, now);
  }

  /** Gives back what an order still holds and closes it (cancel, unfilled market remainder, STP). */
  private release(pair: SpotPair, orderId: number, context: CommandContext, now: Date): void {
    const order = this.open.get(orderId);
    if (!order) return;
    if (order.locked > 0n) {
      context.move({
        userId: order.userId,
        currencyId: order.side === 'buy' ? pair.legalId : pair.currencyId,
        wallet: 'change',
        available: order.locked,
        locked: -order.locked,
        reason: 'order_release',
        reference: `spot:${order.id}`,
      });
      order.locked = 0n;
    }
    if (order.status === 'open') order.status = order.filled === order.quantity ? 'filled' : 'cancelled';
    order.updatedAt = now;
    context.stage(SPOT_ORDERS, order);
  }
}

/** A stop-limit order that has not fired yet: it holds funds but is not in the book. */
export function isWaitingStop(order: SpotOrderState): boolean {
  return order.type === 'stop_limit' && order.firing === null;
}
