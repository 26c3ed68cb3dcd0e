import { describe, expect, it } from 'vitest';
import { formatPlatformClock } from '../../lib/time';
import { displayFigure } from './format';

describe('display figures of quotation items', () => {
  it('are JSON numbers when the number, written at the precision, is the exact decimal', () => {
    expect(displayFigure('65000.50', 2)).toBe(65000.5);
    expect(displayFigure('0.00000001', 8)).toBe(1e-8);
    expect(displayFigure('0.000000', 6)).toBe(0);
    expect(displayFigure('99000.01', 2)).toBe(99000.01);
    expect(displayFigure('123', 0)).toBe(123);
  });

  it('stay decimal text where a double would lose digits', () => {
    // 20 significant digits: more than a double holds
    expect(displayFigure('123456789012.12345678', 8)).toBe('123456789012.12345678');
    expect(displayFigure('9007199254740993', 0)).toBe('9007199254740993');
  });
});

describe('the platform clock', () => {
  it('is the time of day in Asia/Shanghai (UTC+8), across midnight', () => {
    expect(formatPlatformClock(new Date('2026-11-22T08:00:34.999Z'))).toBe('16:00:34');
    expect(formatPlatformClock(new Date('2026-11-22T16:05:00Z'))).toBe('00:05:00');
  });
});
