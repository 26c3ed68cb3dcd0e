import type { Atoms } from './amount';
import type { Balance, BalanceBook, BalanceKey } from './balance-book';
import { keyOf } from './balance-book';
import type { MarkInputs } from './kind';
import { isStale } from './index-prices/rules';
import type { SpotMarkets } from './spot/markets';
import type { SpotPair } from './spot/pair';
import type { SpotOrderState } from './spot/state';
import type { WithdrawalBook } from './withdrawals/book';
import type { WithdrawalState } from './withdrawals/state';
import type { LeverBook, LeverRiskView } from './lever/book';
import type { LeverGlobalSettings, LeverPairSettings } from './lever/settings';
import type { LeverTrade } from './lever/state';
import { valueInUsdt, type ValuationPrices } from './valuation';

export interface DepthLevel {
  price: Atoms;
  quantity: Atoms;
}

/** A pair's mark price, what it was made of, and when it was made (the time of the index tick it was made at). */
export interface MarkPrice {
  mark: Atoms;
  inputs: MarkInputs;
  at: Date;
}

/** A price of a pair as a reader sees it: its value in atoms, when it was recorded, and whether it is stale now. */
export interface PriceReading {
  value: Atoms;
  at: Date;
  /** older than the staleness limit by the core's clock: nothing opens or triggers at it */
  stale: boolean;
  /** the index tick it was recorded by */
  tickId: number;
}

/**
 * What the rest of the server may read of the core's state: amounts in atoms, copies of records.
 * Nothing here changes money; every change goes through `Core.execute`.
 */
export class CoreReadView {
  constructor(
    private readonly book: BalanceBook,
    private readonly spot: SpotMarkets,
    private readonly withdrawals: WithdrawalBook,
    private readonly marks: ReadonlyMap<number, MarkPrice>,
    private readonly clock: () => Date,
    private readonly lever: LeverBook,
    private readonly indexBook?: ValuationPrices['index'],
  ) {}

  /**
   * What `amount` atoms of a currency are worth in USDT atoms now: the pair's fresh index, else
   * its last trade (valuation.ts); undefined when the currency has no USDT price.
   */
  valueInUsdt(currencyId: number, amount: Atoms): Atoms | undefined {
    return valueInUsdt({ spot: this.spot, index: this.indexBook ?? { newest: () => undefined } }, currencyId, amount, this.clock());
  }

  balance(key: BalanceKey): Balance {
    return this.book.get(keyOf(key));
  }

  /** The spot pairs the core trades, with their current settings (an operator's change replaces the pair). */
  pairs(): IterableIterator<Readonly<SpotPair>> {
    return this.spot.pairs.values();
  }

  pair(pairId: number): Readonly<SpotPair> | undefined {
    return this.spot.pairs.get(pairId);
  }

  /** The best `levels` price levels of each side, best first; empty sides for an unknown pair. */
  depth(pairId: number, levels: number): { bids: DepthLevel[]; asks: DepthLevel[] } {
    return this.spot.depthAtoms(pairId, levels);
  }

  /** The price of the pair's last trade since the core loaded (this process started, or reloaded after a fault), or null. */
  lastPrice(pairId: number): Atoms | null {
    return this.spot.lastPriceSinceLoad(pairId);
  }

  /** The pair's mark price and its inputs (decision 0013), or undefined before its first index tick. */
  markPrice(pairId: number): MarkPrice | undefined {
    const mark = this.marks.get(pairId);
    return mark && { ...mark, inputs: { ...mark.inputs } };
  }

  /**
   * The pair's index price (decision 0013): the newest durable tick, or undefined before its first.
   * Other modules value amounts with it ("the index when fresh, else the last trade").
   */
  index(pairId: number): PriceReading | undefined {
    const mark = this.marks.get(pairId);
    return mark && { value: mark.inputs.index, at: mark.at, stale: isStale(mark.at.getTime(), this.clock().getTime()), tickId: mark.inputs.tickId };
  }

  /** The pair's guarded mark as a reading (the index tick it was made at), or undefined before its first tick. */
  mark(pairId: number): PriceReading | undefined {
    const mark = this.marks.get(pairId);
    return mark && { value: mark.mark, at: mark.at, stale: isStale(mark.at.getTime(), this.clock().getTime()), tickId: mark.inputs.tickId };
  }

  /** Copies of a user's open spot orders. */
  openOrders(userId: number): SpotOrderState[] {
    return this.spot.openOrdersOf(userId).map((order) => ({ ...order }));
  }

  /** A copy of an open spot order (resting, or a stop waiting), or undefined once it is finished. */
  openOrder(orderId: number): SpotOrderState | undefined {
    const order = this.spot.order(orderId);
    return order && { ...order };
  }

  isOrderOpen(orderId: number): boolean {
    return this.spot.order(orderId) !== undefined;
  }

  /** A copy of an open withdrawal (applying or approved), or undefined. */
  openWithdrawal(withdrawalId: number): WithdrawalState | undefined {
    const withdrawal = this.withdrawals.get(withdrawalId);
    return withdrawal && { ...withdrawal };
  }

  /** What the user applied to withdraw of the currency today (Shanghai), for the daily limit. */
  withdrawnToday(userId: number, currencyId: number): Atoms {
    return this.withdrawals.usedToday(userId, currencyId, this.clock());
  }

  /** The USDT value of what the user applied to withdraw today (Shanghai), for the identity level's limit. */
  withdrawnTodayUsdt(userId: number): Atoms {
    return this.withdrawals.usedTodayUsdt(userId, this.clock());
  }

  /** Copies of a user's pending lever orders and held positions. */
  leverTradesOf(userId: number): LeverTrade[] {
    return this.lever.liveOf(userId);
  }

  /** True while the user holds lever positions or pending lever orders (transfers out of the lever wallet wait). */
  holdsLever(userId: number): boolean {
    return this.lever.liveOf(userId).length > 0;
  }

  /** A copy of a live (pending or held) lever trade, or undefined. */
  leverTrade(tradeId: number): LeverTrade | undefined {
    return this.lever.trade(tradeId);
  }

  /** A copy of a pair's lever settings. */
  leverPair(pairId: number): LeverPairSettings | undefined {
    const pair = this.lever.pairs.get(pairId);
    return pair && { ...pair, multiples: [...pair.multiples], shares: [...pair.shares] };
  }

  leverPairs(): LeverPairSettings[] {
    return [...this.lever.pairs.values()].map((pair) => ({ ...pair, multiples: [...pair.multiples], shares: [...pair.shares] }));
  }

  leverGlobal(): LeverGlobalSettings {
    return { ...this.lever.global };
  }

  /** A user's risk in one quote currency at the current marks: rate, margin, liquidation marks. */
  leverRisk(userId: number, legalId: number): LeverRiskView {
    return this.lever.riskOf(userId, legalId, this.book.get(keyOf({ userId, currencyId: legalId, wallet: 'lever' })).available);
  }
}
