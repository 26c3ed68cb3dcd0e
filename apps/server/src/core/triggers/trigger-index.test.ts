import { expect, it } from 'vitest';
import { TriggerIndex, type IndexedTrigger } from './trigger-index';

it('takes exactly the triggers a mark crosses, each once: rises by ascending level, falls by descending level', () => {
  const index = new TriggerIndex();
  const add = (key: string, direction: 'rise' | 'fall', level: bigint) => index.add({ key, direction, level });
  add('r110', 'rise', 110n);
  add('r105a', 'rise', 105n);
  add('r105b', 'rise', 105n);
  add('r120', 'rise', 120n);
  add('f90', 'fall', 90n);
  add('f95', 'fall', 95n);
  expect(index.crossed(100n)).toEqual([]);
  expect(index.crossed(110n).map((t) => t.key)).toEqual(['r105a', 'r105b', 'r110']);
  expect(index.crossed(110n)).toEqual([]);
  expect(index.remove('f95')).toBe(true);
  expect(index.remove('f95')).toBe(false);
  expect(index.crossed(80n).map((t) => t.key)).toEqual(['f90']);
  expect(index.size).toBe(1);
});

it('agrees with a plain scan over random triggers, moves and removals', () => {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const index = new TriggerIndex();
  let all: IndexedTrigger[] = [];
  let mark = 1000n;
  for (let step = 0; step < 3000; step += 1) {
    const roll = next();
    if (roll < 0.6) {
      const trigger: IndexedTrigger = { key: `t${step}`, direction: next() < 0.5 ? 'rise' : 'fall', level: 900n + BigInt(Math.floor(next() * 200)) };
      index.add(trigger);
      all.push(trigger);
    } else if (roll < 0.7 && all.length > 0) {
      const victim = all[Math.floor(next() * all.length)] as IndexedTrigger;
      expect(index.remove(victim.key)).toBe(true);
      all = all.filter((t) => t !== victim);
    } else {
      mark = 900n + BigInt(Math.floor(next() * 200));
      const expected = all.filter((t) => (t.direction === 'rise' ? mark >= t.level : mark <= t.level)).map((t) => t.key).sort();
      expect(index.crossed(mark).map((t) => t.key).sort()).toEqual(expected);
      all = all.filter((t) => !expected.includes(t.key));
    }
    expect(index.size).toBe(all.length);
  }
});
