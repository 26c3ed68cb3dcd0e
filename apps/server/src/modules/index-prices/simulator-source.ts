import type { Atoms } from '../../core/amount';
import type { PriceSource } from './source';
import { SIMULATOR_SOURCE } from './settings';

/**
 * Development's index source: the market-maker simulator's reference price of each pair (the mid
 * it quotes around, which walks on its own and no user's order moves), read the moment the feed
 * asks, so a fresh install has an index from its first second without any network.
 */
export class SimulatorSource implements PriceSource {
  readonly name = SIMULATOR_SOURCE;

  constructor(
    /** the reference price of the pair with this symbol */
    private readonly referencePrice: (symbol: string) => Atoms | undefined,
    private readonly clock: () => Date,
  ) {}

  latest(market: string): { value: Atoms; at: number } | undefined {
    const value = this.referencePrice(market);
    return value === undefined ? undefined : { value, at: this.clock().getTime() };
  }

  start(): void {}

  stop(): void {}
}
