import { describe, expect, it } from 'vitest';
import {
  chartTime,
  formatChartTime,
  formatTick,
  lastMovingAverage,
  mergeCandle,
  mergeSparkBars,
  movingAverage,
  sparkPoints,
  toCandles,
  wirePeriod,
  type Candle,
} from './candles';

const bar = (time: number, close: string) => ({ time, open: close, high: close, low: close, close, volume: '1' });

describe('candles', () => {
  it('shows Shanghai time: 2026-01-01T00:00Z reads 08:00', () => {
    const t = chartTime(Date.UTC(2026, 0, 1, 0, 0));
    expect(formatChartTime(t)).toBe('2026-01-01 08:00');
    expect(formatTick(t, 3)).toBe('08:00');
    expect(formatTick(t, 2)).toBe('01-01');
    expect(formatTick(t, 0)).toBe('2026');
  });

  it('the real-time button reads the 1-minute candles', () => {
    expect(wirePeriod('realtime')).toBe('1min');
    expect(wirePeriod('1week')).toBe('1week');
  });

  it('turns bars into candles with increasing unique times', () => {
    const candles = toCandles([bar(60_000, '1'), bar(120_000, '2'), bar(120_000, '3'), bar(60_000, '9'), bar(180_000, 'x')]);
    expect(candles.map((c) => c.close)).toEqual([1, 3]);
  });

  it('merges live bars: same time replaces, newer appends, older is ignored', () => {
    const list: Candle[] = toCandles([bar(60_000, '1'), bar(120_000, '2')]);
    expect(mergeCandle(list, toCandles([bar(120_000, '5')])[0]!)).toBe('replaced');
    expect(mergeCandle(list, toCandles([bar(180_000, '6')])[0]!)).toBe('appended');
    expect(mergeCandle(list, toCandles([bar(60_000, '7')])[0]!)).toBe('ignored');
    expect(list.map((c) => c.close)).toEqual([1, 5, 6]);
  });

  it('computes moving averages', () => {
    const candles = toCandles([1, 2, 3, 4, 5, 6].map((n) => bar(n * 60_000, String(n))));
    expect(movingAverage(candles, 5).map((p) => p.value)).toEqual([3, 4]);
    expect(lastMovingAverage(candles, 5)?.value).toBe(4);
    expect(lastMovingAverage(candles, 10)).toBeNull();
  });

  it('keeps the newest spark bars and draws them in the box', () => {
    const merged = mergeSparkBars(
      [
        { id: 1, close: '1' },
        { id: 2, close: '2' },
      ],
      [
        { id: 2, close: '3' },
        { id: 3, close: '4' },
      ],
      2,
    );
    expect(merged).toEqual([
      { id: 2, close: '3' },
      { id: 3, close: '4' },
    ]);
    expect(sparkPoints([1, 2, 3], 100, 20, 0)).toBe('0,20 50,10 100,0');
    expect(sparkPoints([5, 5], 100, 20)).toBe('0,10 100,10');
    expect(sparkPoints([], 100, 20)).toBe('');
  });
});
