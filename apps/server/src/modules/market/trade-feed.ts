/**
 * What spot trading tells market data: each trade once it is durable, and the books' depth on
 * demand. The spot module (with the core) produces these; the market-data module consumes them.
 */
export interface TradeTick {
  tradeId: number;
  pairId: number;
  /** base currency (BTC of BTC/USDT) */
  currencyId: number;
  /** quote currency (USDT) */
  legalId: number;
  /** decimal text, exact */
  price: string;
  /** decimal text, exact, in the base currency */
  quantity: string;
  takerSide: 'buy' | 'sell';
  time: Date;
}

export interface DepthSnapshot {
  pairId: number;
  /** best first: [price, quantity] as decimal text */
  bids: [string, string][];
  asks: [string, string][];
}

export interface TradeFeed {
  /** called for every batch of trades after the core committed them */
  onTrades(listener: (trades: TradeTick[]) => void): void;
  /** the current aggregated book of a pair, `levels` per side */
  depth(pairId: number, levels: number): DepthSnapshot;
  /** pairs whose book changed since the last call (for throttled depth pushes) */
  takeChangedBooks(): number[];
}
