import { describe, expect, it } from 'vitest';
import { choiceValues, parseTrades, pushChangesPage, withPushed } from './lever-live';

describe('lever lists and pushes', () => {
  it('reads pushed trades from JSON text or arrays, ignoring garbage', () => {
    expect(parseTrades('[{"id":1,"profits":"2"}]')).toEqual([{ id: 1, profits: '2' }]);
    expect(parseTrades([{ id: 2 }, null, { x: 1 }])).toEqual([{ id: 2 }]);
    expect(parseTrades('not json')).toEqual([]);
    expect(parseTrades('')).toEqual([]);
    expect(parseTrades(undefined)).toEqual([]);
  });

  it('reads multiples and hand sizes in any of the server spellings', () => {
    expect(choiceValues([5, '10', { value: 20 }, { muit: '50' }, 10, 0, ''])).toEqual(['5', '10', '20', '50']);
    expect(choiceValues(undefined)).toEqual([]);
  });

  it('replaces listed rows by their pushed version', () => {
    const rows = [
      { id: 1, profits: '0' },
      { id: 2, profits: '0' },
    ];
    expect(withPushed(rows, [{ id: 2, profits: '5' }])).toEqual([
      { id: 1, profits: '0' },
      { id: 2, profits: '5' },
    ]);
  });

  it('asks for a reload when the pushed set differs from the first page', () => {
    expect(pushChangesPage([{ id: 2 }, { id: 1 }], [{ id: 1 }, { id: 2 }], 10)).toBe(false);
    expect(pushChangesPage([{ id: 2 }, { id: 1 }], [{ id: 1 }, { id: 2 }, { id: 3 }], 10)).toBe(true);
    expect(pushChangesPage([{ id: 2 }, { id: 1 }], [{ id: 1 }], 10)).toBe(true);
    expect(pushChangesPage([], [], 10)).toBe(false);
    // more than a page pushed: only the newest page counts
    const twelve = Array.from({ length: 12 }, (_, i) => ({ id: i + 1 }));
    expect(pushChangesPage(twelve.slice(2).reverse(), twelve, 10)).toBe(false);
  });
});
