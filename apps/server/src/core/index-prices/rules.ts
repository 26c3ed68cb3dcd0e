import { SCALE, type Atoms } from '../amount';

/**
 * The rules of the index price and the guarded mark (decision 0013). They are constants, not
 * settings: every settlement is recomputed from recorded ticks by these same numbers, and no
 * setting may steer a price that settles money.
 */

/** An index whose newest tick is older than this (by the core's clock) is stale: it opens and triggers nothing. */
export const INDEX_STALE_MS = 5_000;

/** The band around the index the mark stays in, in basis points (0.02 %): half the default lever fee. */
export const MARK_BAND_BP = 2n;

/** How much of the quote currency the book must hold on a side for that side to count: the impact notional. */
export const IMPACT_NOTIONAL: Atoms = 1_000n * 10n ** BigInt(SCALE);

/** How many ticks' premium samples the mark takes the median of (the smoothing). */
export const PREMIUM_WINDOW = 5;

const BASIS = 10_000n;

/** True when a price recorded at `at` (epoch ms) is too old to act on at `now`. */
export function isStale(at: number, now: number): boolean {
  return now - at > INDEX_STALE_MS;
}

/**
 * The lower median: the middle value of an odd count, the lower of the two middle values of an
 * even count. It is always one of the values, never an average, so it needs no rounding rule.
 */
export function lowerMedian(values: readonly Atoms[]): Atoms | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted[Math.floor((sorted.length - 1) / 2)] as Atoms;
}

/**
 * What the book says of the price at one tick, relative to the index: how far the impact bid is
 * above it, less how far the impact ask is below it. Zero while the index lies between the two;
 * a side the book cannot fill for the impact notional says nothing.
 */
export function premiumSample(index: Atoms, impactBid: Atoms | null, impactAsk: Atoms | null): Atoms {
  const above = impactBid !== null && impactBid > index ? impactBid - index : 0n;
  const below = impactAsk !== null && impactAsk < index ? index - impactAsk : 0n;
  return above - below;
}

/** The half width of the band around an index, floored to the atom. */
export function bandOf(index: Atoms): Atoms {
  return (index * MARK_BAND_BP) / BASIS;
}

/**
 * The guarded mark: the index plus the median of the recent premium samples (this tick's and
 * those before it, at most PREMIUM_WINDOW), held within the band around the index.
 */
export function guardedMark(index: Atoms, premiums: readonly Atoms[]): { mark: Atoms; premium: Atoms } {
  const premium = lowerMedian(premiums) ?? 0n;
  const band = bandOf(index);
  const capped = premium > band ? band : premium < -band ? -band : premium;
  return { mark: index + capped, premium };
}
