import type { Atoms } from '../amount';

/** One source's price of a pair as the index feed read it, and whether the index took it. */
export interface IndexSourceReading {
  /** the source: an exchange (`binance`), `simulator` or `dev` */
  name: string;
  /** its price, floored to the pair's price step */
  value: Atoms;
  /** when the feed received it, epoch ms */
  at: number;
  /** false when the feed dropped it: too old, or too far from the median of the sources */
  used: boolean;
  dropped?: 'stale' | 'outlier';
}

/**
 * One recorded index price of a pair, and the mark made at it. The index is the lower median of
 * the sources used; the premium sample is what the book said at that moment (its impact prices),
 * and the mark is the index plus the median of the recent samples, held within the band.
 */
export interface IndexTick {
  id: number;
  pairId: number;
  /** the core's clock when it applied the tick */
  at: Date;
  value: Atoms;
  sources: IndexSourceReading[];
  impactBid: Atoms | null;
  impactAsk: Atoms | null;
  premiumSample: Atoms;
  /** the median of the window's samples, before the band */
  premium: Atoms;
  mark: Atoms;
}

/**
 * One `index_tick` command's ticks, one per pair: one round of the feed, applied at one time with
 * consecutive ids, and recorded as one row.
 */
export interface IndexRound {
  ticks: IndexTick[];
}
