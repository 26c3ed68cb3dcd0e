import { CANDLE_PERIODS, type CandlePeriod } from '@tessera/protocol';

export { CANDLE_PERIODS, type CandlePeriod };

/**
 * Candle buckets. The chart's time zone is Asia/Shanghai (the platform's clock), which has been UTC+8 all
 * year since 1991 (no daylight saving), so alignment is plain arithmetic on a shifted clock:
 * minute resolutions from 1 to 720 align to multiples of the period since local midnight, days
 * to local midnight, 3 days to every third local day counted from 1970-01-01, weeks to Monday
 * 00:00 and months to the 1st at 00:00, all in Shanghai time.
 */
export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const MINUTE = 60_000;
const DAY = 86_400_000;

type MinutePeriod = Extract<CandlePeriod, `${number}min`>;
/** Periods of whole days, weeks and months: the calendar decides where their buckets open. */
type CalendarPeriod = Exclude<CandlePeriod, MinutePeriod>;

const MINUTES: Record<MinutePeriod, number> = {
  '1min': 1,
  '3min': 3,
  '5min': 5,
  '15min': 15,
  '30min': 30,
  '60min': 60,
  '120min': 120,
  '240min': 240,
  '360min': 360,
  '720min': 720,
};

function isMinutePeriod(period: CandlePeriod): period is MinutePeriod {
  return Object.hasOwn(MINUTES, period);
}

/** The open time (ms) of the bucket of `period` that holds the instant `timeMs`. */
export function bucketStart(period: CandlePeriod, timeMs: number): number {
  const local = timeMs + SHANGHAI_OFFSET_MS;
  if (isMinutePeriod(period)) {
    const size = MINUTES[period] * MINUTE;
    return Math.floor(local / size) * size - SHANGHAI_OFFSET_MS;
  }
  return calendarBucketStart(period, local);
}

function calendarBucketStart(period: CalendarPeriod, local: number): number {
  const day = Math.floor(local / DAY);
  switch (period) {
    case '1day':
      return day * DAY - SHANGHAI_OFFSET_MS;
    case '3day':
      return Math.floor(day / 3) * 3 * DAY - SHANGHAI_OFFSET_MS;
    case '1week': {
      // 1970-01-01 was a Thursday: day + 3 counts from the Monday before it
      const monday = Math.floor((day + 3) / 7) * 7 - 3;
      return monday * DAY - SHANGHAI_OFFSET_MS;
    }
    case '1mon': {
      const date = new Date(local);
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) - SHANGHAI_OFFSET_MS;
    }
  }
}

/** The open time (ms) of the bucket after the one opening at `openMs`. */
export function nextBucketStart(period: CandlePeriod, openMs: number): number {
  if (isMinutePeriod(period)) return openMs + MINUTES[period] * MINUTE;
  switch (period) {
    case '1day':
      return openMs + DAY;
    case '3day':
      return openMs + 3 * DAY;
    case '1week':
      return openMs + 7 * DAY;
    case '1mon': {
      const date = new Date(openMs + SHANGHAI_OFFSET_MS);
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) - SHANGHAI_OFFSET_MS;
    }
  }
}

/** A nominal length (ms) of one bucket, for default ranges; months count as 31 days. */
export function nominalLength(period: CandlePeriod): number {
  if (isMinutePeriod(period)) return MINUTES[period] * MINUTE;
  const days: Record<CalendarPeriod, number> = { '1day': 1, '3day': 3, '1week': 7, '1mon': 31 };
  return days[period] * DAY;
}

const ALIASES: Record<string, CandlePeriod> = {
  '1': '1min',
  '3': '3min',
  '5': '5min',
  '15': '15min',
  '30': '30min',
  '60': '60min',
  '120': '120min',
  '240': '240min',
  '360': '360min',
  '720': '720min',
  '1h': '60min',
  '1hour': '60min',
  '2hour': '120min',
  '4hour': '240min',
  '6hour': '360min',
  '12hour': '720min',
  d: '1day',
  '1d': '1day',
  '3d': '3day',
  w: '1week',
  '1w': '1week',
  '1month': '1mon',
};

/**
 * A period as clients spell it: our names (`1min` … `1mon`), the TradingView resolutions (`1`,
 * `60`, `1D`, `3D`, `1W`, `1M`) and the legacy client's `<n>min` / `1D` mix. `M` alone is a
 * month (TradingView), so only that spelling is case-sensitive.
 */
export function parsePeriod(text: string): CandlePeriod | undefined {
  const trimmed = text.trim();
  if (trimmed === 'M' || trimmed === '1M') return '1mon';
  const lower = trimmed.toLowerCase();
  if ((CANDLE_PERIODS as readonly string[]).includes(lower)) return lower as CandlePeriod;
  return ALIASES[lower];
}
