import { parseAmount, SCALE } from '../../core/amount';
import { bucketStart, CANDLE_PERIODS, nextBucketStart, type CandlePeriod } from './resolutions';

/**
 * The synthetic history of a fresh install, so no chart is ever empty: 30 days of 1-minute bars
 * per pair drawn as a deterministic random walk that ends exactly at the currency's reference
 * price (`currencies.usdt_price`) and stays around it (mean-reverting in log price), with a
 * volatility and a turnover that suit the asset. Every resolution is aggregated from those
 * minutes; each is stored only for a span of about 200 bars or more (RETENTION_DAYS), which keeps
 * a fresh install's seeding to about 3,100 rows a pair (1,440 of them the 1-minute bars of the
 * last 24 hours, which the rolling 24-hour stats start from).
 *
 * Prices are walked as whole ticks of the pair's price precision and quantities as whole lots of
 * its quantity precision; floating point only draws the random numbers, every value written is
 * an exact integer count of ticks or lots turned into decimal text.
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

/** Daily volatility (standard deviation of the daily log return) and daily turnover in USDT. */
const PROFILES: Record<string, { volatility: number; turnover: number }> = {
  BTC: { volatility: 0.028, turnover: 40_000_000 },
  ETH: { volatility: 0.036, turnover: 20_000_000 },
  LTC: { volatility: 0.045, turnover: 2_500_000 },
  BCH: { volatility: 0.045, turnover: 2_000_000 },
  LINK: { volatility: 0.05, turnover: 2_000_000 },
  UNI: { volatility: 0.055, turnover: 1_500_000 },
  ETC: { volatility: 0.05, turnover: 1_200_000 },
  DOGE: { volatility: 0.06, turnover: 3_000_000 },
  TRX: { volatility: 0.035, turnover: 1_500_000 },
  AAVE: { volatility: 0.055, turnover: 1_200_000 },
  TSR: { volatility: 0.07, turnover: 300_000 },
  USDC: { volatility: 0.0004, turnover: 5_000_000 },
};
const DEFAULT_PROFILE = { volatility: 0.05, turnover: 1_000_000 };

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
  const minutes = SEED_DAYS * 1440;
  const startMs = endMs - minutes * MINUTE;
  const bars = walk(pair, minutes);
  for (const period of CANDLE_PERIODS) {
    const keepFrom = bucketStart(period, endMs - RETENTION_DAYS[period] * DAY);
    let i = Math.max(0, Math.ceil((keepFrom - startMs) / MINUTE));
    if (i >= minutes) continue;
    let bucket = bucketStart(period, startMs + i * MINUTE);
    let next = nextBucketStart(period, bucket);
    let open = bars.open[i] as number;
    let high = 0;
    let low = Number.MAX_SAFE_INTEGER;
    let close = 0;
    let volume = 0;
    const emit = () => {
      into.pairId.push(pair.pairId);
      into.period.push(period);
      into.openTime.push(bucket / 1000);
      into.open.push(units(open, pair.pricePrecision));
      into.high.push(units(high, pair.pricePrecision));
      into.low.push(units(low, pair.pricePrecision));
      into.close.push(units(close, pair.pricePrecision));
      into.volume.push(units(volume, pair.quantityPrecision));
    };
    for (; i < minutes; i++) {
      const time = startMs + i * MINUTE;
      if (time >= next) {
        emit();
        bucket = bucketStart(period, time);
        next = nextBucketStart(period, bucket);
        open = bars.open[i] as number;
        high = 0;
        low = Number.MAX_SAFE_INTEGER;
        volume = 0;
      }
      const h = bars.high[i] as number;
      const l = bars.low[i] as number;
      if (h > high) high = h;
      if (l < low) low = l;
      close = bars.close[i] as number;
      volume += bars.volume[i] as number;
    }
    emit();
  }
}

interface Bars {
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/** One pair's minutes, oldest first, in ticks and lots. */
function walk(pair: SeedPair, minutes: number): Bars {
  const profile = PROFILES[pair.currencyName] ?? DEFAULT_PROFILE;
  const random = mulberry32(hash(`${pair.currencyName}:${pair.pairId}`));
  // a sum of four uniforms, scaled to unit variance: close enough to a normal draw, and cheap
  const normal = () => (random() + random() + random() + random() - 2) * 1.7320508075688772;
  const referenceTicks = Math.max(1, Number(parseAmount(pair.referencePrice) / 10n ** BigInt(SCALE - pair.pricePrecision)));
  const sigma = profile.volatility / Math.sqrt(1440);
  // mean reversion keeping the walk within a few daily moves of the reference
  const spread = profile.volatility * 2.5;
  const theta = (sigma / spread) ** 2 / 2;
  const lotsPerMinute = (profile.turnover / 1440 / Math.max(Number(pair.referencePrice), 1e-9)) * 10 ** pair.quantityPrecision;

  const logs = new Float64Array(minutes + 1);
  // walked backwards from the end, so the newest close is the reference price exactly
  for (let i = minutes; i > 0; i--) logs[i - 1] = (logs[i] as number) * (1 - theta) + sigma * normal();
  const bars: Bars = {
    open: new Float64Array(minutes),
    high: new Float64Array(minutes),
    low: new Float64Array(minutes),
    close: new Float64Array(minutes),
    volume: new Float64Array(minutes),
  };
  const toTicks = (log: number) => Math.max(1, Math.round(referenceTicks * Math.exp(log)));
  let previousClose = toTicks(logs[0] as number);
  for (let i = 0; i < minutes; i++) {
    const open = previousClose;
    const close = toTicks(logs[i + 1] as number);
    const wick = 0.35 * sigma * open;
    const high = Math.max(open, close) + Math.round(Math.abs(normal()) * wick);
    const low = Math.max(1, Math.min(open, close) - Math.round(Math.abs(normal()) * wick));
    const move = Math.abs(close - open) / Math.max(1, sigma * open);
    const lots = Math.round(lotsPerMinute * Math.exp(0.5 * normal() - 0.125) * (0.6 + 0.4 * Math.min(move, 4)));
    bars.open[i] = open;
    bars.high[i] = high;
    bars.low[i] = low;
    bars.close[i] = close;
    bars.volume[i] = Math.max(lots, 1);
    previousClose = close;
  }
  return bars;
}

/** Whole units of 10^-decimals as decimal text: units(12345, 2) = "123.45". */
export function units(count: number, decimals: number): string {
  const digits = Math.round(count).toString();
  if (decimals === 0) return digits;
  const padded = digits.padStart(decimals + 1, '0');
  return `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
