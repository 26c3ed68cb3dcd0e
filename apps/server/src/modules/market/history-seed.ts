import { parseAmount, SCALE } from '../../core/amount';
import { tickAtoms } from '../../core/units';
import { bucketStart, CANDLE_PERIODS, nextBucketStart, nominalLength, type CandlePeriod } from './resolutions';

/**
 * The synthetic history of a fresh install, so no chart is ever empty: 30 days of 1-minute bars
 * per pair drawn as a deterministic random walk that ends exactly at the currency's reference
 * price (`currencies.usdt_price`) and stays around it (mean-reverting in log price), with a
 * volatility and a turnover that suit the asset. Every resolution is aggregated from those
 * minutes; each is stored only for a span of about 200 bars or more (RETENTION_DAYS), which keeps
 * a fresh install's seeding to about 3,100 rows a pair (1,440 of them the 1-minute bars of the
 * last 24 hours, which the rolling 24-hour stats start from).
 *
 * All of it is integer arithmetic (bigint): prices are walked in 1/65536 of a tick of the pair's
 * price precision and quantities counted in whole lots of its quantity precision, from a seeded
 * 32-bit generator, and written as exact decimal text. No floating point touches a price or an
 * amount, here as anywhere on the server.
 */
export const SEED_DAYS = 30;

/** Days of seeded history stored per resolution, counted back from the first start. */
export const RETENTION_DAYS: Record<CandlePeriod, number> = {
  '1min': 1,
  '3min': 0.5,
  '5min': 1,
  '15min': 2,
  '30min': 4,
  '60min': 8,
  '120min': 16,
  '240min': SEED_DAYS,
  '360min': SEED_DAYS,
  '720min': SEED_DAYS,
  '1day': SEED_DAYS,
  '3day': SEED_DAYS,
  '1week': SEED_DAYS,
  '1mon': SEED_DAYS,
};

export interface SeedPair {
  pairId: number;
  currencyName: string;
  /** decimal text */
  referencePrice: string;
  pricePrecision: number;
  quantityPrecision: number;
}

/** Daily volatility (standard deviation of the daily return, in millionths) and daily turnover in USDT. */
const PROFILES: Record<string, { volatilityPpm: bigint; turnover: bigint }> = {
  BTC: { volatilityPpm: 28_000n, turnover: 40_000_000n },
  ETH: { volatilityPpm: 36_000n, turnover: 20_000_000n },
  LTC: { volatilityPpm: 45_000n, turnover: 2_500_000n },
  BCH: { volatilityPpm: 45_000n, turnover: 2_000_000n },
  LINK: { volatilityPpm: 50_000n, turnover: 2_000_000n },
  UNI: { volatilityPpm: 55_000n, turnover: 1_500_000n },
  ETC: { volatilityPpm: 50_000n, turnover: 1_200_000n },
  DOGE: { volatilityPpm: 60_000n, turnover: 3_000_000n },
  TRX: { volatilityPpm: 35_000n, turnover: 1_500_000n },
  AAVE: { volatilityPpm: 55_000n, turnover: 1_200_000n },
  TSR: { volatilityPpm: 70_000n, turnover: 300_000n },
  USDC: { volatilityPpm: 400n, turnover: 5_000_000n },
};
const DEFAULT_PROFILE = { volatilityPpm: 50_000n, turnover: 1_000_000n };

/** Candle rows as column arrays, ready for one `unnest` insert. */
export interface SeedColumns {
  pairId: number[];
  period: string[];
  /** unix seconds */
  openTime: number[];
  open: string[];
  high: string[];
  low: string[];
  close: string[];
  volume: string[];
}

export function emptyColumns(): SeedColumns {
  return { pairId: [], period: [], openTime: [], open: [], high: [], low: [], close: [], volume: [] };
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Appends the seeded candles of one pair, for minutes before `endMs` (a minute boundary). */
export function seedHistory(pair: SeedPair, endMs: number, into: SeedColumns): void {
  const count = SEED_DAYS * 1440;
  const startMs = endMs - count * MINUTE;
  const minutes: Series = { ...walk(pair, count), time: Array.from({ length: count }, (_, i) => startMs + i * MINUTE) };
  // hour and longer candles roll up from hourly bars: their buckets never split an hour
  const hours = rollUp(minutes, '60min', startMs);
  for (const period of CANDLE_PERIODS) {
    const source = nominalLength(period) >= 60 * MINUTE ? hours : minutes;
    const candles = rollUp(source, period, bucketStart(period, endMs - RETENTION_DAYS[period] * DAY));
    candles.time.forEach((time, i) => {
      into.pairId.push(pair.pairId);
      into.period.push(period);
      into.openTime.push(time / 1000);
      into.open.push(units(candles.open[i] as bigint, pair.pricePrecision));
      into.high.push(units(candles.high[i] as bigint, pair.pricePrecision));
      into.low.push(units(candles.low[i] as bigint, pair.pricePrecision));
      into.close.push(units(candles.close[i] as bigint, pair.pricePrecision));
      into.volume.push(units(candles.volume[i] as bigint, pair.quantityPrecision));
    });
  }
}

/** Bars oldest first, each with the start of its bucket (ms). */
interface Series extends Bars {
  time: number[];
}

/** The `period` candles of the bars of `source` from `fromMs` (a bucket start of `period`) on. */
function rollUp(source: Series, period: CandlePeriod, fromMs: number): Series {
  const out: Series = { time: [], open: [], high: [], low: [], close: [], volume: [] };
  let last = -1;
  let next = -Infinity;
  for (let i = 0; i < source.time.length; i++) {
    const time = source.time[i] as number;
    if (time < fromMs) continue;
    const high = source.high[i] as bigint;
    const low = source.low[i] as bigint;
    if (time >= next) {
      const bucket = bucketStart(period, time);
      next = nextBucketStart(period, bucket);
      last = out.time.push(bucket) - 1;
      out.open.push(source.open[i] as bigint);
      out.high.push(high);
      out.low.push(low);
      out.close.push(source.close[i] as bigint);
      out.volume.push(source.volume[i] as bigint);
      continue;
    }
    if (high > (out.high[last] as bigint)) out.high[last] = high;
    if (low < (out.low[last] as bigint)) out.low[last] = low;
    out.close[last] = source.close[i] as bigint;
    out.volume[last] = (out.volume[last] as bigint) + (source.volume[i] as bigint);
  }
  return out;
}

interface Bars {
  open: bigint[];
  high: bigint[];
  low: bigint[];
  close: bigint[];
  volume: bigint[];
}

/** Walked prices carry 16 bits below the tick, so small steps add up instead of vanishing. */
const SUB_TICK = 16n;
/** The standard deviation of `normal()`: four 16-bit uniforms have 65536 / √3. */
const NORMAL_SD = 37_837n;
/** √1440 × 1000: a day's volatility over √(minutes in a day) is a minute's. */
const SQRT_MINUTES_PER_DAY_MILLI = 37_947n;
/** Mean reversion per minute: (minute σ ÷ (2.5 × daily σ))² ÷ 2 = 1 / 18,000, whatever the asset. */
const REVERSION = 18_000n;
const MILLION = 1_000_000n;
const BILLION = 1_000n * MILLION;
/** A step of the walk: price × σ (billionths) × draw ÷ (10⁹ × the draw's sd). */
const STEP_DIVISOR = BILLION * NORMAL_SD;
/** A wick: 0.35 of a minute's σ per unit of draw. */
const WICK_DIVISOR = 100n * BILLION * NORMAL_SD;

/** One pair's minutes, oldest first, in ticks and lots. */
function walk(pair: SeedPair, minutes: number): Bars {
  const profile = PROFILES[pair.currencyName] ?? DEFAULT_PROFILE;
  const random = mulberry32(hash(`${pair.currencyName}:${pair.pairId}`));
  // a sum of four 16-bit uniforms, centred: close enough to a normal draw (sd NORMAL_SD), and cheap
  const draw = () => (random() >>> 16) + (random() >>> 16) + (random() >>> 16) + (random() >>> 16) - 131_072;
  const normal = () => BigInt(draw());
  const absNormal = () => BigInt(Math.abs(draw()));
  const referenceAtoms = parseAmount(pair.referencePrice);
  const tick = tickAtoms(pair);
  const referenceTicks = referenceAtoms / tick > 0n ? referenceAtoms / tick : 1n;
  // a minute's σ in billionths
  const sigmaPpb = (profile.volatilityPpm * MILLION) / SQRT_MINUTES_PER_DAY_MILLI;
  // lots a minute on average: the day's turnover at the reference price, over 1,440 minutes
  const lotsPerMinute = (profile.turnover * 10n ** BigInt(pair.quantityPrecision + SCALE)) / (1440n * (referenceAtoms > 0n ? referenceAtoms : 1n));

  const reference = referenceTicks << SUB_TICK;
  const floor = 1n << SUB_TICK;
  const walked: bigint[] = new Array<bigint>(minutes + 1);
  walked[minutes] = reference;
  // walked backwards from the end, so the newest close is the reference price exactly
  let price = reference;
  for (let i = minutes; i > 0; i--) {
    price += (price * sigmaPpb * normal()) / STEP_DIVISOR - (price - reference) / REVERSION;
    if (price < floor) price = floor;
    walked[i - 1] = price;
  }
  const bars: Bars = { open: [], high: [], low: [], close: [], volume: [] };
  // to whole ticks, rounded half up
  const ticks = (fixed: bigint) => (fixed + (1n << (SUB_TICK - 1n))) >> SUB_TICK;
  const wickFactor = sigmaPpb * 35n;
  for (let i = 0; i < minutes; i++) {
    const open = ticks(walked[i] as bigint);
    const close = ticks(walked[i + 1] as bigint);
    // wicks of about a third of a minute's σ
    const high = (open > close ? open : close) + (open * wickFactor * absNormal()) / WICK_DIVISOR;
    const lowest = (open < close ? open : close) - (open * wickFactor * absNormal()) / WICK_DIVISOR;
    const low = lowest > 1n ? lowest : 1n;
    // busier minutes move more: 0.6 + 0.4 × min(|move| / σ, 4), in tenths
    const sigmaTicks = (open * sigmaPpb) / BILLION;
    const move = close > open ? close - open : open - close;
    const moveTenths = (move * 10n) / (sigmaTicks > 0n ? sigmaTicks : 1n);
    const activity = 60n + 4n * (moveTenths < 40n ? moveTenths : 40n);
    // and vary around their mean by about half: 1 + N(0, ½), kept between ⅛ and 4
    let spread = 65_536n + (normal() * 32_768n) / NORMAL_SD;
    if (spread < 8_192n) spread = 8_192n;
    if (spread > 262_144n) spread = 262_144n;
    const lots = (lotsPerMinute * spread * activity) / (65_536n * 100n);
    bars.open.push(open);
    bars.high.push(high);
    bars.low.push(low);
    bars.close.push(close);
    bars.volume.push(lots > 0n ? lots : 1n);
  }
  return bars;
}

/** Whole units of 10^-decimals as decimal text: units(12345n, 2) = "123.45". */
export function units(count: bigint, decimals: number): string {
  const digits = count.toString();
  if (decimals === 0) return digits;
  const padded = digits.padStart(decimals + 1, '0');
  return `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A seeded generator of 32-bit unsigned integers (bit operations only). */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}
