import type { DepthSnapshot, TradeFeed } from './trade-feed';

/** A feed with no trades and empty books: what market data listens to until spot trading exists. */
export function emptyTradeFeed(): TradeFeed {
  return {
    onTrades: () => {},
    depth: (pairId: number): DepthSnapshot => ({ pairId, bids: [], asks: [] }),
    takeChangedBooks: () => [],
  };
}
