import { formatFixed, type IndexPrice } from '@tessera/protocol';
import { tryParseAmount } from '../../core/amount';
import type { Core } from '../../core/core';
import { refuse } from '../../core/refusal';
import type { IndexFeed } from './feed';

/** A pair's index and mark for readers, and the development route's pin. */
export class IndexPriceService {
  constructor(
    private readonly core: Core,
    private readonly feed: IndexFeed,
  ) {}

  /** The pair's index and mark at its price precision, floored; empty before the first tick. */
  of(currencyId: number, legalId: number): IndexPrice {
    const pair = this.pairOf(currencyId, legalId);
    const index = this.core.read.index(pair.id);
    const mark = this.core.read.mark(pair.id);
    const price = (value: bigint | undefined) => (value === undefined ? '' : formatFixed(value, pair.pricePrecision));
    return {
      legal_id: legalId,
      currency_id: currencyId,
      symbol: pair.symbol,
      index_price: price(index?.value),
      mark_price: price(mark?.value),
      time: index?.at.getTime() ?? 0,
      stale: index === undefined || index.stale ? 1 : 0,
    };
  }

  /** Development: pins the pair's index at `price` (on its price step), or releases it to its sources. */
  async pin(symbol: string, price: string | undefined): Promise<IndexPrice> {
    const pair = [...this.core.read.pairs()].find((candidate) => candidate.symbol === symbol.toUpperCase().replace('_', '/'));
    if (!pair) refuse('pair not found');
    if (price === undefined || price === '') {
      this.feed.release(pair.id);
    } else {
      const atoms = tryParseAmount(price);
      if (atoms === undefined || atoms <= 0n || atoms % 10n ** BigInt(18 - pair.pricePrecision) !== 0n) refuse('parameter error');
      await this.feed.pin(pair.id, atoms);
    }
    return this.of(pair.currencyId, pair.legalId);
  }

  private pairOf(currencyId: number, legalId: number) {
    for (const pair of this.core.read.pairs()) if (pair.currencyId === currencyId && pair.legalId === legalId) return pair;
    return refuse('pair not found');
  }
}
