import type { DepthSnapshot, TradeFeed, TradeTick } from '../../src/modules/market/trade-feed';
import type { App } from '../../src/app/build-app';

/**
 * A stand-in for the producer side of the TradeFeed (the spot module): the test publishes trades
 * and book changes by hand; market data under test consumes them as it would the real ones.
 */
export class ManualFeed implements TradeFeed {
  private readonly listeners: ((trades: TradeTick[]) => void)[] = [];
  private readonly books = new Map<number, DepthSnapshot>();
  private changed = new Set<number>();
  private nextTradeId = 1;

  onTrades(listener: (trades: TradeTick[]) => void): void {
    this.listeners.push(listener);
  }

  depth(pairId: number, levels: number): DepthSnapshot {
    const book = this.books.get(pairId) ?? { pairId, bids: [], asks: [] };
    return { pairId, bids: book.bids.slice(0, levels), asks: book.asks.slice(0, levels) };
  }

  takeChangedBooks(): number[] {
    const changed = [...this.changed];
    this.changed = new Set();
    return changed;
  }

  setBook(pairId: number, bids: [string, string][], asks: [string, string][]): void {
    this.books.set(pairId, { pairId, bids, asks });
    this.changed.add(pairId);
  }

  /** Publishes one batch, as the core does after a commit. */
  publish(trades: TradeTick[]): void {
    for (const listener of this.listeners) listener(trades);
  }

  /** A tick of a pair the app knows, with ids filled in. */
  trade(app: App, pairId: number, price: string, quantity: string, time: Date | string, takerSide: 'buy' | 'sell' = 'buy'): TradeTick {
    const pair = app.services.market.pair(pairId);
    if (!pair) throw new Error(`no pair ${pairId}`);
    return {
      tradeId: this.nextTradeId++,
      pairId,
      currencyId: pair.currencyId,
      legalId: pair.legalId,
      price,
      quantity,
      takerSide,
      time: typeof time === 'string' ? new Date(time) : time,
    };
  }
}

/** A clock the test moves by hand (the timers still run on real time). */
export function movableClock(startIso: string) {
  let now = new Date(startIso).getTime();
  return {
    clock: () => new Date(now),
    set(iso: string) {
      now = new Date(iso).getTime();
    },
    get now() {
      return now;
    },
  };
}

export const BTC_PAIR = 1;
export const ETH_PAIR = 2;
