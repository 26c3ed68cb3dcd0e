import { describe, expect, it } from 'vitest';
import { displayServerTime, formatDate, formatDateTime, isolateLtr, parseServerTime } from './format';

describe('parseServerTime', () => {
  it('reads the server format as UTC', () => {
    expect(parseServerTime('2026-03-04 05:06:07')?.toISOString()).toBe('2026-03-04T05:06:07.000Z');
  });

  it('reads ISO timestamps and bare dates', () => {
    expect(parseServerTime('2026-03-04T05:06:07.123Z')?.toISOString()).toBe('2026-03-04T05:06:07.000Z');
    expect(parseServerTime('2026-03-04')?.toISOString()).toBe('2026-03-04T00:00:00.000Z');
  });

  it('refuses text that is not a time', () => {
    expect(parseServerTime('yesterday')).toBeNull();
    expect(parseServerTime('')).toBeNull();
  });
});

describe('formatting', () => {
  it('pads and uses Latin digits', () => {
    const date = new Date(2026, 0, 2, 3, 4, 5);
    expect(formatDate(date)).toBe('2026-01-02');
    expect(formatDateTime(date)).toBe('2026-01-02 03:04');
    expect(formatDateTime(date)).toMatch(/^[0-9 :-]+$/);
  });

  it('shows unreadable values as they are', () => {
    expect(displayServerTime('soon')).toBe('soon');
  });
});

describe('isolateLtr', () => {
  it('wraps the text in left-to-right isolate marks', () => {
    expect(isolateLtr('2026-01-02 03:04')).toBe('\u20662026-01-02 03:04\u2069');
  });
});
