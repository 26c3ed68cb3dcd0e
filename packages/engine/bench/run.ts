// Tessera's matching engine against nodejs-order-book on the same seeded command streams, in one
// process: `npm run bench:engine` (root) or `npm run bench -w @tessera/engine`.
//
// Method, identical for both engines: a warm-up run on a stream of another seed; then a
// throughput run timed as a whole (ops/s = commands / wall time); then a latency run timing each
// command with process.hrtime.bigint (percentiles and the longest pause). Every run starts from a
// fresh book after a forced GC. At the end of each scenario both books must hold the same levels.
//
// Options: --scale=F runs every stream at F times its size (e.g. 0.1 for a quick look);
//          --their-limit=N replays at most N commands of S1/S2 on nodejs-order-book.
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { TesseraRunner, TheirRunner } from './engines';
import type { EngineRunner } from './engines';
import { streamS1, streamS2, streamS3 } from './streams';
import type { Stream } from './streams';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const arg = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const scale = Number(arg('scale') ?? 1);
const theirLimit = Number(arg('their-limit') ?? Infinity);
const size = (n: number): number => Math.max(1000, Math.round(n * scale));

interface Result {
  commands: number;
  opsPerSec: number;
  p50: number;
  p99: number;
  p999: number;
  max: number;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

// One buffer for every latency run: allocating 8 MB per run would itself provoke collections.
let latencyBuffer = new Float64Array(0);
function latencies(n: number): Float64Array {
  if (latencyBuffer.length < n) latencyBuffer = new Float64Array(n);
  return latencyBuffer.subarray(0, n);
}

/** Warm-up, throughput run and latency run of one engine on one stream, up to command `end`. */
function measure(r: EngineRunner, s: Stream, warm: Stream, end: number): Result {
  r.prepare(s);
  r.prepare(warm);
  r.reset();
  r.run(warm, 0, Math.min(warm.length, warm.setup + (end - s.setup)));

  gc();
  r.reset();
  r.run(s, 0, s.setup);
  const t0 = process.hrtime.bigint();
  r.run(s, s.setup, end);
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;

  gc();
  r.reset();
  r.run(s, 0, s.setup);
  const lat = latencies(end - s.setup);
  r.runTimed(s, s.setup, end, lat);
  lat.sort();
  return {
    commands: end - s.setup,
    opsPerSec: (end - s.setup) / wall,
    p50: percentile(lat, 0.5),
    p99: percentile(lat, 0.99),
    p999: percentile(lat, 0.999),
    max: lat[lat.length - 1] as number,
  };
}

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
function dur(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${ns.toFixed(0)} ns`;
}
function ratio(a: number, b: number): string {
  const r = a / b;
  return `${r >= 10 ? r.toFixed(1) : r >= 0.01 ? r.toFixed(2) : r.toPrecision(2)}×`;
}
const row = (cells: string[]): string =>
  cells.map((c, i) => (i === 0 ? c.padEnd(19) : c.padStart(i === 1 ? 10 : 12))).join(' ');

function table(title: string, ours: Result, theirs: Result, note: string): void {
  console.log(`\n${title}`);
  console.log(row(['engine', 'commands', 'ops/s', 'p50', 'p99', 'p99.9', 'longest']));
  for (const [name, r] of [
    ['tessera', ours],
    ['nodejs-order-book', theirs],
  ] as const) {
    console.log(row([name, int(r.commands), int(r.opsPerSec), dur(r.p50), dur(r.p99), dur(r.p999), dur(r.max)]));
  }
  console.log(
    row([
      'ours/theirs',
      '',
      ratio(ours.opsPerSec, theirs.opsPerSec),
      ratio(ours.p50, theirs.p50),
      ratio(ours.p99, theirs.p99),
      ratio(ours.p999, theirs.p999),
      ratio(ours.max, theirs.max),
    ]),
  );
  if (note !== '') console.log(note);
}

let mismatch = false;
function sameBooks(label: string, a: EngineRunner, b: EngineRunner): void {
  const same = JSON.stringify(a.levels()) === JSON.stringify(b.levels());
  const missed = `missed cancels: ${int(a.missedCancels)} / ${int(b.missedCancels)}`;
  console.log(`${label}: final books ${same ? 'identical' : 'DIFFER'} (tessera / nodejs-order-book ${missed})`);
  if (!same || a.missedCancels !== b.missedCancels) mismatch = true;
}

function scenario(title: string, s: Stream, warm: Stream, ours: TesseraRunner, theirs: TheirRunner): [Result, Result] {
  const theirEnd = Math.min(s.length, s.setup + theirLimit);
  const o = measure(ours, s, warm, s.length);
  const t = measure(theirs, s, warm, theirEnd);
  const note =
    theirEnd < s.length
      ? `nodejs-order-book ran the first ${int(theirEnd - s.setup)} commands only; its ops/s come from that prefix.`
      : '';
  table(title, o, t, note);
  // Compare both books after the same commands: replay ours on the prefix theirs ran.
  if (theirEnd < s.length) {
    ours.reset();
    ours.run(s, 0, theirEnd);
  }
  sameBooks(s.name, ours, theirs);
  s.idText = null;
  warm.idText = null;
  return [o, t];
}

interface CancelStats {
  mean: number;
  p50: number;
  p99: number;
  max: number;
}

/** S3: fills one price level, then times each cancel from its middle. */
function deepLevelCancels(r: EngineRunner, s: Stream, rounds: number): CancelStats {
  const n = s.length - s.setup;
  const lat = latencies(rounds * n);
  r.prepare(s);
  for (let round = 0; round <= rounds; round++) {
    gc();
    r.reset();
    r.run(s, 0, s.setup);
    // Round 0 warms the code up and is not kept: round 1 overwrites its numbers.
    const from = Math.max(0, round - 1) * n;
    r.runTimed(s, s.setup, s.length, lat.subarray(from, from + n));
  }
  const mean = lat.reduce((x, y) => x + y, 0) / lat.length;
  lat.sort();
  return { mean, p50: percentile(lat, 0.5), p99: percentile(lat, 0.99), max: lat[lat.length - 1] as number };
}

function timerOverhead(): number {
  const n = 100_000;
  const lat = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = process.hrtime.bigint();
    lat[i] = Number(process.hrtime.bigint() - a);
  }
  lat.sort();
  return percentile(lat, 0.5);
}

function main(): void {
  const started = process.hrtime.bigint();
  console.log('Matching engine benchmark: tessera vs nodejs-order-book');
  console.log(`node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, scale ${scale}`);
  console.log(`timer: process.hrtime.bigint, ~${dur(timerOverhead())} per reading pair (included in latencies)`);

  const s1 = streamS1(size(1_000_000), 1);
  const s1Warm = streamS1(size(200_000), 101);
  const s2 = streamS2(size(1_000_000), 2);
  const s2Warm = streamS2(size(200_000), 102);
  const s3 = streamS3(30_000, 1_000);

  const ours = new TesseraRunner();
  const theirs = new TheirRunner();
  const [o1, t1] = scenario(
    `S1: ${int(s1.length)} commands; 88% limit (half crossing), 2% market, 10% cancel among the last 10,000 ids; mid walks ±3 ticks every 1,000`,
    s1,
    s1Warm,
    ours,
    theirs,
  );
  const [o2, t2] = scenario(
    `S2: ${int(s2.length - s2.setup)} commands on a steady book of ~${int(s2.setup)} resting orders; 8% market, cancels only of live orders`,
    s2,
    s2Warm,
    ours,
    theirs,
  );

  const rounds = 3;
  const c3o = deepLevelCancels(ours, s3, rounds);
  const c3t = deepLevelCancels(theirs, s3, 1);
  console.log(`\nS3: ${int(s3.setup)} orders resting at one price; each cancel from the middle of that level, timed alone`);
  console.log(row(['engine', 'cancels', 'mean', 'p50', 'p99', 'max']));
  console.log(row(['tessera', int(rounds * (s3.length - s3.setup)), dur(c3o.mean), dur(c3o.p50), dur(c3o.p99), dur(c3o.max)]));
  console.log(row(['nodejs-order-book', int(s3.length - s3.setup), dur(c3t.mean), dur(c3t.p50), dur(c3t.p99), dur(c3t.max)]));
  console.log(row(['ours/theirs', '', ratio(c3o.mean, c3t.mean), ratio(c3o.p50, c3t.p50), ratio(c3o.p99, c3t.p99), ratio(c3o.max, c3t.max)]));
  sameBooks('S3', ours, theirs);

  const goals: [string, boolean, string][] = [
    ['S1 ops/s ≥ 10× nodejs-order-book', o1.opsPerSec >= 10 * t1.opsPerSec, ratio(o1.opsPerSec, t1.opsPerSec)],
    ['S2 ops/s ≥ 10× nodejs-order-book', o2.opsPerSec >= 10 * t2.opsPerSec, ratio(o2.opsPerSec, t2.opsPerSec)],
    ['S2 ≥ 2,000,000 ops/s', o2.opsPerSec >= 2e6, int(o2.opsPerSec)],
    ['S3 cancel p99 ≤ 2 µs', c3o.p99 <= 2000, dur(c3o.p99)],
    ['p99.9 ≤ 50 µs (S1, S2)', Math.max(o1.p999, o2.p999) <= 50_000, `${dur(o1.p999)} / ${dur(o2.p999)}`],
  ];
  console.log('\nGoals (tessera)');
  for (const [label, ok, value] of goals) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(36)} ${value}`);
  console.log(`\ntotal time ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`);
  if (mismatch) {
    console.error('the two engines disagree on the final books: the comparison is not valid');
    process.exitCode = 1;
  }
}

main();
