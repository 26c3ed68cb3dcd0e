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

/** An operator's change of a pair's settings, once durable: the fields it holds are the new values, the others did not change. */
export interface PairSettingsTick {
  pairId: number;
  isDisplay?: boolean;
  pricePrecision?: number;
  quantityPrecision?: number;
  /** decimal text, exact */
  leverShareNum?: string;
  spread?: string;
  leverTradeFee?: string;
  openLever?: boolean;
}

export interface TradeFeed {
  /** called for every batch of trades after the core committed them */
  onTrades(listener: (trades: TradeTick[]) => void): void;
  /** called for every batch that changed pairs' settings, after the core committed it */
  onPairSettings?(listener: (changes: PairSettingsTick[]) => void): void;
  /** the current aggregated book of a pair, `levels` per side */
  depth(pairId: number, levels: number): DepthSnapshot;
  /** pairs whose book changed since the last call (for throttled depth pushes) */
  takeChangedBooks(): number[];
}
