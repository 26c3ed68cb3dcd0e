import type { Atoms } from '../../core/amount';

/** A source of index prices: it keeps the newest price it read of each market. */
export interface PriceSource {
  readonly name: string;
  /**
   * The newest price of the market (its symbol on this source) and when it arrived, epoch ms;
   * undefined: none yet. Asking for a market is what makes a polling source read it.
   */
  latest(market: string): { value: Atoms; at: number } | undefined;
  /** Starts reading; rejects when the source cannot exist (an exchange the client library does not know). */
  start(): Promise<void> | void;
  stop(): void;
}
