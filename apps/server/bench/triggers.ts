/**
 * `npm run bench:triggers`: one pair, 100,000 registered price triggers (half `rise`, half `fall`,
 * levels within ±5 % of the mark), and a mark that walks. Each move asks "which triggers does the
 * new mark cross?" of the core's index (`core/triggers/trigger-index.ts`) and of a plain scan over
 * every trigger, in the same run, on the same triggers and the same moves; both must find the same
 * triggers. Crossed triggers fire once and leave; as many new ones are registered (untimed), so the
 * count stays at 100,000. Goal: the index answers within 1 ms at p99.
 */
import { performance } from 'node:perf_hooks';
import { parseAmount, type Atoms } from '../src/core/amount';
import { TriggerIndex, type IndexedTrigger } from '../src/core/triggers/trigger-index';
import { percentile } from './support';

const TRIGGERS = 100_000;
const MOVES = Number(process.env.BENCH_MOVES ?? 5_000);
const WARMUP_MOVES = 500;
const GOAL_P99_MS = 1;

/** mulberry32: a seeded PRNG, so every run sees the same triggers and moves */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TICK = parseAmount('0.01');
const START = parseAmount('60000');

/** The plain alternative: every trigger in one array, each move looks at all of them. */
class PlainScan {
  readonly items: IndexedTrigger[] = [];
  add(trigger: IndexedTrigger): void {
    this.items.push(trigger);
  }
  crossed(mark: Atoms): IndexedTrigger[] {
    const crossed: IndexedTrigger[] = [];
    const items = this.items;
    let kept = 0;
    for (let index = 0; index < items.length; index += 1) {
      const trigger = items[index] as IndexedTrigger;
      if (trigger.direction === 'rise' ? mark >= trigger.level : mark <= trigger.level) crossed.push(trigger);
      else items[kept++] = trigger;
    }
    items.length = kept;
    return crossed;
  }
}

function main(): void {
  const next = random(20261122);
  let serial = 0;
  /** a trigger not crossed by `mark`: a level 0.01–5 % away, on the side it waits for */
  const newTrigger = (mark: Atoms): IndexedTrigger => {
    const direction = next() < 0.5 ? 'rise' : 'fall';
    // 1 to 300,000 ticks of 0.01: up to 3,000, 5 % of 60,000
    const away = BigInt(1 + Math.floor(next() * 300_000)) * TICK;
    const level = direction === 'rise' ? mark + away : mark - away;
    return { key: `t${(serial += 1)}`, direction, level };
  };

  const index = new TriggerIndex();
  const scan = new PlainScan();
  let mark = START;
  for (let i = 0; i < TRIGGERS; i += 1) {
    const trigger = newTrigger(mark);
    index.add(trigger);
    scan.add(trigger);
  }

  const indexTimes: number[] = [];
  const scanTimes: number[] = [];
  let crossedTotal = 0;
  for (let move = 0; move < WARMUP_MOVES + MOVES; move += 1) {
    // a walk of up to ±0.1 % a move, and a jump of up to ±2 % one move in a hundred
    const span = next() < 0.01 ? 1_200 : 60;
    mark += BigInt(Math.round((next() * 2 - 1) * span)) * 100n * TICK;

    // alternate which goes first, so neither always runs on a warmer cache
    let fromIndex: IndexedTrigger[];
    let fromScan: IndexedTrigger[];
    let indexMs: number;
    let scanMs: number;
    if (move % 2 === 0) {
      let t = performance.now();
      fromIndex = index.crossed(mark);
      indexMs = performance.now() - t;
      t = performance.now();
      fromScan = scan.crossed(mark);
      scanMs = performance.now() - t;
    } else {
      let t = performance.now();
      fromScan = scan.crossed(mark);
      scanMs = performance.now() - t;
      t = performance.now();
      fromIndex = index.crossed(mark);
      indexMs = performance.now() - t;
    }
    const a = fromIndex.map((x) => x.key).sort();
    const b = fromScan.map((x) => x.key).sort();
    if (a.length !== b.length || a.some((key, i) => key !== b[i])) {
      console.error(`move ${move}: the index found ${a.length} crossed triggers, the scan ${b.length}`);
      process.exit(1);
    }
    if (move >= WARMUP_MOVES) {
      indexTimes.push(indexMs);
      scanTimes.push(scanMs);
      crossedTotal += a.length;
    }
    for (let i = 0; i < a.length; i += 1) {
      const trigger = newTrigger(mark);
      index.add(trigger);
      scan.add(trigger);
    }
  }
  if (index.size !== TRIGGERS || scan.items.length !== TRIGGERS) throw new Error('the trigger count drifted');

  const report = (name: string, times: number[]) => {
    const sorted = [...times].sort((x, y) => x - y);
    const mean = times.reduce((sum, x) => sum + x, 0) / times.length;
    const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`.padStart(12);
    console.log(`${name.padEnd(12)}${us(mean)}${us(percentile(sorted, 50))}${us(percentile(sorted, 99))}${us(sorted[sorted.length - 1] ?? 0)}`);
    return percentile(sorted, 99);
  };
  console.log(`Price triggers: ${TRIGGERS.toLocaleString('en')} on one pair, ${MOVES.toLocaleString('en')} mark moves (after ${WARMUP_MOVES} unmeasured)`);
  console.log(`node ${process.version}; ${(crossedTotal / MOVES).toFixed(1)} triggers crossed per move on average; both found the same ones every move`);
  console.log(`${'structure'.padEnd(12)}${'mean'.padStart(12)}${'p50'.padStart(12)}${'p99'.padStart(12)}${'max'.padStart(12)}`);
  const p99 = report('index', indexTimes);
  const scanP99 = report('plain scan', scanTimes);
  console.log(`index p99 ≤ ${GOAL_P99_MS} ms: ${p99 <= GOAL_P99_MS ? 'PASS' : 'FAIL'} (${(scanP99 / p99).toFixed(0)}× faster than the scan at p99)`);
  if (p99 > GOAL_P99_MS) process.exitCode = 1;
}

main();
