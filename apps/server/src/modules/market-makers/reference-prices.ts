import { parseAmount, type Atoms } from '../../core/amount';
import type { CoreReadView } from '../../core/read-view';
import type { MarketMakerRepository } from './repository';

/**
 * Each pair's reference price: the mid the market-maker simulator quotes around. It starts at the
 * pair's last recorded index (else the currency's reference price, `currencies.usdt_price`) and
 * then walks on its own: no user's order or trade moves it. In development it is the index's
 * source (modules/index-prices), so it must be a price nobody can steer.
 */
export class ReferencePrices {
  private readonly prices = new Map<number, Atoms>();

  async load(repository: MarketMakerRepository, read: CoreReadView): Promise<void> {
    for (const row of await repository.pairs()) {
      const start = read.index(row.pair_id)?.value ?? parseAmount(row.usdt_price);
      if (start > 0n && !this.prices.has(row.pair_id)) this.prices.set(row.pair_id, start);
    }
  }

  get(pairId: number): Atoms | undefined {
    return this.prices.get(pairId);
  }

  set(pairId: number, price: Atoms): void {
    this.prices.set(pairId, price);
  }
}
