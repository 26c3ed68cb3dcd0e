import type { Atoms } from '../../core/amount';
import type { IndexSourceReading } from '../../core/index-prices/state';

/** A reading is dropped when older than this when the feed aggregates. */
export const SOURCE_MAX_AGE_MS = 5_000;
/** A reading further than this from the median of the fresh readings is dropped, in basis points (1 %). */
export const OUTLIER_BP = 100n;

/** One source's newest price of a pair. */
export interface SourcePrice {
  name: string;
  value: Atoms;
  /** when the feed received it, epoch ms */
  at: number;
}

/** The median for the outlier test: the middle value, or the mean of the two middle values, floored. */
function median(values: Atoms[]): Atoms {
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] as Atoms) : ((sorted[middle - 1] as Atoms) + (sorted[middle] as Atoms)) / 2n;
}

/**
 * Marks each source's reading used or dropped: older than SOURCE_MAX_AGE_MS, or further than
 * OUTLIER_BP from the median of the fresh readings (a lying or broken source; with two sources
 * that disagree, both go, since nothing says which one lies). Returns the readings when at least
 * `minSources` are used, else null: the index is stale and no tick is sent.
 */
export function aggregateReadings(prices: readonly SourcePrice[], now: number, minSources: number): IndexSourceReading[] | null {
  const fresh = prices.filter((price) => price.value > 0n && now - price.at <= SOURCE_MAX_AGE_MS);
  const middle = fresh.length > 0 ? median(fresh.map((price) => price.value)) : 0n;
  const readings = prices.map((price): IndexSourceReading => {
    if (!fresh.includes(price)) return { ...price, used: false, dropped: 'stale' };
    const distance = price.value > middle ? price.value - middle : middle - price.value;
    if (distance * 10_000n > OUTLIER_BP * middle) return { ...price, used: false, dropped: 'outlier' };
    return { ...price, used: true };
  });
  return readings.filter((reading) => reading.used).length >= Math.max(1, minSources) ? readings : null;
}
