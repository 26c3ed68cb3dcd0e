// IdMap against the built-in Map under random inserts, updates and deletes, with keys drawn from
// a small range (long probe runs, wrap-around, backward shifts) and from the whole safe range.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdMap } from '../src/id-map';

const key = fc.oneof(fc.integer({ min: 0, max: 64 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }));
const op = fc.record({ del: fc.boolean(), key, value: fc.nat({ max: 1_000_000 }) });

describe('IdMap', () => {
  it('behaves as a Map of safe integers', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300, size: 'max' }), (ops) => {
        const map = new IdMap(16);
        const model = new Map<number, number>();
        for (const { del, key: k, value } of ops) {
          if (del) expect(map.delete(k)).toBe(model.delete(k));
          else {
            map.set(k, value);
            model.set(k, value);
          }
          expect(map.size).toBe(model.size);
        }
        for (const { key: k } of ops) expect(map.get(k)).toBe(model.get(k) ?? -1);
        for (let k = 0; k <= 64; k++) expect(map.has(k)).toBe(model.has(k));
      }),
      { numRuns: 200, interruptAfterTimeLimit: 20_000 },
    );
  });

  it('keeps every entry through growth', () => {
    const map = new IdMap(16);
    for (let k = 0; k < 10_000; k++) map.set(k * 4096, k);
    for (let k = 0; k < 10_000; k += 2) map.delete(k * 4096);
    expect(map.size).toBe(5000);
    for (let k = 0; k < 10_000; k++) expect(map.get(k * 4096)).toBe(k % 2 === 0 ? -1 : k);
  });
});
