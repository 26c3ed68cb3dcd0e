import type { Atoms } from './amount';
import type { IndexBook } from './index-prices/book';
import { isStale } from './index-prices/rules';
import type { SpotMarkets } from './spot/markets';
import { notional } from './spot/pair';

/** The currency amounts are valued in. */
export const VALUATION_CURRENCY = 'USDT';

/** The prices a valuation reads: the pairs and their last trades, and the index of each pair. */
export interface ValuationPrices {
  spot: Pick<SpotMarkets, 'pairs' | 'lastTrade'>;
  index: Pick<IndexBook, 'newest'>;
}

/**
 * What `amount` atoms of a currency are worth in USDT atoms: USDT itself 1:1; any other currency at
 * the price of its USDT pair: the pair's index when fresh (no user's orders move it), else its
 * last trade (a pair the index does not follow, or while the feed is stale); undefined when the
 * currency has no USDT pair or the pair has neither. Exact: bigint arithmetic, the fraction of an
 * atom floored.
 */
export function valueInUsdt(prices: ValuationPrices, currencyId: number, amount: Atoms, now: Date): Atoms | undefined {
  for (const pair of prices.spot.pairs.values()) {
    const [base, quote] = pair.symbol.split('/');
    if ((quote === VALUATION_CURRENCY && pair.legalId === currencyId) || (base === VALUATION_CURRENCY && pair.currencyId === currencyId)) return amount;
  }
  for (const pair of prices.spot.pairs.values()) {
    if (pair.currencyId !== currencyId || pair.symbol.split('/')[1] !== VALUATION_CURRENCY) continue;
    const index = prices.index.newest(pair.id);
    const price = index && !isStale(index.at.getTime(), now.getTime()) ? index.value : prices.spot.lastTrade(pair.id);
    if (price !== null) return notional(price, amount);
  }
  return undefined;
}
