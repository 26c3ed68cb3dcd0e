import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { CandleBook } from '../../src/modules/market/candle-book';
import { changePercent } from '../../src/modules/market/format';
import { bucketStart, CANDLE_PERIODS, nextBucketStart, parsePeriod } from '../../src/modules/market/resolutions';

const at = (iso: string) => new Date(iso).getTime();
const iso = (ms: number) => new Date(ms).toISOString();

describe('candle buckets in Asia/Shanghai time', () => {
  it('aligns minute resolutions to multiples of the period since Shanghai midnight', () => {
    const t = at('2026-11-22T09:59:59.999Z'); // 17:59:59.999 in Shanghai
    expect(iso(bucketStart('1min', t))).toBe('2026-11-22T09:59:00.000Z');
    expect(iso(bucketStart('3min', t))).toBe('2026-11-22T09:57:00.000Z');
    expect(iso(bucketStart('5min', t))).toBe('2026-11-22T09:55:00.000Z');
    expect(iso(bucketStart('15min', t))).toBe('2026-11-22T09:45:00.000Z');
    expect(iso(bucketStart('30min', t))).toBe('2026-11-22T09:30:00.000Z');
    expect(iso(bucketStart('60min', t))).toBe('2026-11-22T09:00:00.000Z');
    // 16:00 Shanghai for 2 h and 4 h, 12:00 Shanghai for 6 h and 12 h
    expect(iso(bucketStart('120min', t))).toBe('2026-11-22T08:00:00.000Z');
    expect(iso(bucketStart('240min', t))).toBe('2026-11-22T08:00:00.000Z');
    expect(iso(bucketStart('360min', t))).toBe('2026-11-22T04:00:00.000Z');
    expect(iso(bucketStart('720min', t))).toBe('2026-11-22T04:00:00.000Z');
  });

  it('starts days at 00:00 Shanghai (16:00 UTC the day before)', () => {
    expect(iso(bucketStart('1day', at('2026-11-22T15:59:59.999Z')))).toBe('2026-11-21T16:00:00.000Z');
    expect(iso(bucketStart('1day', at('2026-11-22T16:00:00.000Z')))).toBe('2026-11-22T16:00:00.000Z');
    expect(iso(bucketStart('720min', at('2026-11-22T15:59:00Z')))).toBe('2026-11-22T04:00:00.000Z');
    expect(iso(bucketStart('720min', at('2026-11-22T16:00:00Z')))).toBe('2026-11-22T16:00:00.000Z');
  });

  it('starts weeks on Monday 00:00 Shanghai and months on the 1st', () => {
    // Monday 2026-11-23 00:00 Shanghai is Sunday 2026-11-22 16:00 UTC
    expect(iso(bucketStart('1week', at('2026-11-22T15:59:59Z')))).toBe('2026-11-15T16:00:00.000Z');
    expect(iso(bucketStart('1week', at('2026-11-22T16:00:00Z')))).toBe('2026-11-22T16:00:00.000Z');
    expect(new Date(bucketStart('1week', at('2026-11-25T00:00:00Z')) + 8 * 3_600_000).getUTCDay()).toBe(1);
    expect(iso(bucketStart('1mon', at('2026-11-30T15:59:59Z')))).toBe('2026-10-31T16:00:00.000Z');
    expect(iso(bucketStart('1mon', at('2026-11-30T16:00:00Z')))).toBe('2026-11-30T16:00:00.000Z');
    expect(iso(bucketStart('1mon', at('2027-01-01T03:00:00Z')))).toBe('2026-12-31T16:00:00.000Z');
  });

  it('keeps 3-day buckets three Shanghai days long, back to back', () => {
    const first = bucketStart('3day', at('2026-11-22T12:00:00Z'));
    expect((first + 8 * 3_600_000) % 86_400_000).toBe(0);
    expect(bucketStart('3day', first + 3 * 86_400_000 - 1)).toBe(first);
    expect(bucketStart('3day', first + 3 * 86_400_000)).toBe(first + 3 * 86_400_000);
  });

  it('finds the next bucket for every resolution, months of any length included', () => {
    for (const period of CANDLE_PERIODS) {
      for (const time of [at('2026-02-27T17:30:00Z'), at('2026-12-31T23:59:00Z'), at('2027-01-31T16:00:00Z')]) {
        const open = bucketStart(period, time);
        const next = nextBucketStart(period, open);
        expect(bucketStart(period, next - 1)).toBe(open);
        expect(bucketStart(period, next)).toBe(next);
      }
    }
    expect(iso(nextBucketStart('1mon', at('2027-01-31T16:00:00Z')))).toBe('2027-02-28T16:00:00.000Z');
  });

  it('reads periods as clients spell them and refuses the rest', () => {
    const cases: Record<string, string> = {
      '1min': '1min', '1': '1min', '3': '3min', '5': '5min', '15': '15min', '30': '30min', '60': '60min', '60min': '60min',
      '120': '120min', '240': '240min', '360': '360min', '720': '720min', '120min': '120min', '1D': '1day', '1day': '1day',
      '3D': '3day', '1W': '1week', '1week': '1week', '1M': '1mon', '1mon': '1mon', '1hour': '60min',
    };
    for (const [text, period] of Object.entries(cases)) expect(parsePeriod(text)).toBe(period);
    for (const bad of ['', '2', '1m', '7day', 'week', 'minute']) expect(parsePeriod(bad)).toBeUndefined();
  });
});

describe('candle aggregation in memory', () => {
  const p = parseAmount;

  it('counts trades into every resolution with exact OHLCV', () => {
    const book = new CandleBook();
    book.apply(1, at('2026-11-22T15:58:10Z'), p('100.5'), p('0.1'));
    book.apply(1, at('2026-11-22T15:58:50Z'), p('101.25'), p('0.2'));
    book.apply(1, at('2026-11-22T15:59:30Z'), p('99.75'), p('0.3'));
    // 00:00 Shanghai: a new day, week (Monday) and hour
    book.apply(1, at('2026-11-22T16:00:00Z'), p('100'), p('1'));
    const minute = book.currentOf(1, '1min');
    expect(minute?.openTime).toBe(at('2026-11-22T16:00:00Z'));
    const day = book.previousOf(1, '1day');
    expect(day).toMatchObject({ openTime: at('2026-11-21T16:00:00Z'), open: p('100.5'), high: p('101.25'), low: p('99.75'), close: p('99.75'), volume: p('0.6') });
    const fiveMinutes = book.previousOf(1, '5min');
    expect(fiveMinutes).toMatchObject({ open: p('100.5'), high: p('101.25'), low: p('99.75'), close: p('99.75'), volume: p('0.6') });
    expect(book.currentOf(1, '1week')).toMatchObject({ openTime: at('2026-11-22T16:00:00Z'), open: p('100'), volume: p('1') });
    expect(book.currentOf(1, '1mon')?.volume).toBe(p('1.6'));
    expect(book.currentOf(1, '1mon')).toMatchObject({ open: p('100.5'), close: p('100'), high: p('101.25'), low: p('99.75') });
  });

  it('merges a trade older than the candles in memory as a late delta, never moving open or close', () => {
    const book = new CandleBook();
    book.apply(2, at('2026-11-22T10:05:00Z'), p('10'), p('1'));
    book.apply(2, at('2026-11-22T10:06:00Z'), p('11'), p('1'));
    book.apply(2, at('2026-11-22T10:07:00Z'), p('12'), p('1'));
    book.takeChanges();
    book.apply(2, at('2026-11-22T10:05:30Z'), p('9'), p('2'));
    const { full, late } = book.takeChanges();
    expect(late.filter((candle) => candle.period === '1min')).toEqual([
      { pairId: 2, period: '1min', openTime: at('2026-11-22T10:05:00Z'), open: p('9'), high: p('9'), low: p('9'), close: p('9'), volume: p('2') },
    ]);
    // the 5-minute candle is the current one: updated in place, close unchanged
    expect(full.find((candle) => candle.period === '5min')).toMatchObject({ low: p('9'), close: p('12'), volume: p('5') });
  });

  it('signs and truncates the 24 h change to 2 decimals', () => {
    expect(changePercent(p('101.239'), p('100'))).toBe('+1.23');
    expect(changePercent(p('98.761'), p('100'))).toBe('-1.23');
    expect(changePercent(p('100.009'), p('100'))).toBe('0.00');
    expect(changePercent(p('5'), p('0'))).toBe('0.00');
  });
});
