import { OrderBook, type EngineEvent } from '@tessera/engine';
import type { Queryable } from '../../db/database';
import { hasAtMostDecimals, SCALE, type Atoms } from '../amount';
import type { CommandContext } from '../command-context';
import type { CommandResult, KindState, LoadContext } from '../kind';
import { refuse } from '../refusal';
import { lotAtoms, lotsToAtoms, tickAtoms, ticksToAtoms, toUnits } from '../units';
import { feeOf, notional, type SpotPair } from './pair';
import { CURRENCY_PAIRS, type SpotPairSettings } from './pair-columns';
import { loadSpotState, SPOT_ORDERS, SPOT_TRADES, type SpotStateRows } from './repository';
import type { SpotOrderState, SpotSide, SpotTradeRecord } from './state';
import { TradeTape } from './trade-tape';
import type { LevelAtoms } from '../index-prices/impact';

export interface PlaceSpotOrder {
  userId: number;
  pairId: number;
  side: SpotSide;
  type: 'limit' | 'market';
  price?: Atoms;
  quantity: Atoms;
}

/** How deep a market buy looks to price its budget: far beyond any real book's useful depth. */
const MARKET_DEPTH_LEVELS = 5000;

export interface SpotPlaceCommand extends PlaceSpotOrder {
  kind: 'spot_place';
  key: string;
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

export type SpotCommand = SpotPlaceCommand | SpotCancelCommand | SpotPairSettingsCommand;

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
      case 'spot_pair_settings':
        this.setPair(command, context);
        return { applied: true };
    }
  }

  reset(input: SpotStateRows, context: LoadContext) {
    this.pairs.clear();
    this.books.clear();
    this.open.clear();
    this.lastTrades.clear();
    this.lastTradesSinceLoad.clear();
    for (const [pairId, price] of input.lastTrades) this.lastTrades.set(pairId, price);
    this.feeAccount = context.feeAccount;
    this.nextOrderId = input.lastOrderId + 1;
    this.nextTradeId = input.lastTradeId + 1;
    this.tape.clear();
    for (const pair of input.pairs) {
      this.pairs.set(pair.id, pair);
      this.tape.seed(pair.id, input.lastTradeRecords.get(pair.id) ?? null);
      this.books.set(pair.id, new OrderBook({ sink: (event) => this.events.push({ ...event }), stp: 'cancel_taker' }));
    }
    // resting orders go back in id order: the same time priority they had
    for (const order of [...input.openOrders].sort((a, b) => a.id - b.id)) {
      const pair = this.pairs.get(order.pairId);
      const book = this.books.get(order.pairId);
      if (!pair || !book || order.price === null) continue;
      book.submit({
        type: 'limit',
        id: order.id,
        account: order.userId,
        side: order.side,
        price: Number(order.price / tickAtoms(pair)),
        qty: Number((order.quantity - order.filled) / lotAtoms(pair)),
      });
      this.open.set(order.id, order);
    }
    this.events = [];
  }

  /** The price of the pair's last trade, across restarts, or null when it never traded. */
  lastTrade(pairId: number): Atoms | null {
    return this.lastTrades.get(pairId) ?? null;
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

    const order: SpotOrderState = {
      id: this.nextOrderId,
      userId: command.userId,
      pairId: pair.id,
      side: command.side,
      type: command.type,
      price: command.type === 'limit' ? (command.price ?? null) : null,
      quantity: command.quantity,
      filled: 0n,
      filledQuote: 0n,
      locked: 0n,
      status: 'open',
      createdAt: now,
      updatedAt: now,
    };

    let quoteLimit: number | undefined;
    if (command.type === 'limit') {
      if (command.price === undefined || command.price <= 0n) refuse('price must be greater than zero');
      const ticks = toUnits(command.price, tickAtoms(pair));
      if (ticks === undefined) refuse('parameter error');
      order.locked = command.side === 'buy' ? notional(command.price, command.quantity) : command.quantity;
      this.lock(order, pair, order.locked, context);
      this.consumeId();
      this.submit(book, { type: 'limit', id: order.id, account: order.userId, side: order.side, price: ticks, qty: lots });
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
        ...(quoteLimit === undefined ? {} : { quoteLimit }),
      });
    }
    this.open.set(order.id, order);
    this.settle(pair, context, now, order);
    return order;
  }

  cancel(userId: number, orderId: number, context: CommandContext, now: Date): SpotOrderState {
    const order = this.open.get(orderId);
    if (!order) refuse('order not found');
    if (order.userId !== userId) refuse('not your order');
    const pair = this.pairs.get(order.pairId);
    const book = this.books.get(order.pairId);
    if (!pair || !book) refuse('pair not found');
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
    if (regrids && book.orderCount > 0) refuse('pair has open orders');
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
