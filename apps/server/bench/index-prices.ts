/**
 * `npm run bench:index`: what index and mark updates cost the core. 100 pairs each get 10 index
 * ticks a second (1,000 ticks a second, four sources each, sent as the feed sends them: one
 * `index_tick` command per round carrying every pair; every tick samples the pair's book for its
 * impact prices and remakes the guarded mark), beside a steady stream of spot
 * orders. Measured on the same core and database in the same run: the spot stream's throughput
 * without ticks (the baseline) and with them, and the CPU this process spends on ticks alone above
 * its idle CPU (windows of each taking turns).
 * Goal: the ticks cost less than 5 % of one core.
 */
import { performance } from 'node:perf_hooks';
import { prepareDatabase } from '../src/app/bootstrap';
import { loadConfig } from '../src/config';
import { parseAmount } from '../src/core/amount';
import { Core } from '../src/core/core';
import type { IndexSourceReading } from '../src/core/index-prices/state';
import { CoreRepository } from '../src/core/repository';
import { openPglite, openPostgres, type Database } from '../src/db/database';
import { postgresTarget } from './support';

const PAIRS = 100;
const TICKS_PER_SECOND = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const IN_FLIGHT = 64;
const GOAL_PERCENT = 5;
/** idle and ticking windows, taken in turns: a checkpoint of the database lands in either */
const WINDOWS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The CPU this process spends (user and system, ms) while `work` runs, and the wall time it took. */
async function cpuOver(work: () => Promise<unknown>): Promise<{ cpuMs: number; wallMs: number }> {
  const before = process.cpuUsage();
  const wallBefore = performance.now();
  await work();
  const cpu = process.cpuUsage(before);
  return { cpuMs: (cpu.user + cpu.system) / 1000, wallMs: performance.now() - wallBefore };
}

async function prepare(db: Database): Promise<{ core: Core; pairs: number[]; trader: number }> {
  await prepareDatabase(db, loadConfig({ NODE_ENV: 'test', DEMO_DATA: 'off' }));
  const existing = (await db.query<{ n: number }>('select count(*)::int as n from currency_pairs'))[0]?.n ?? 0;
  const extra = PAIRS - existing;
  await db.query(
    `insert into currencies (id, name, full_name, currency_type, usdt_price) select 10000 + g, 'BX' || g, 'Bench ' || g, 'crypto', 100 from generate_series(1, $1::int) g`,
    [extra],
  );
  await db.query(
    `insert into currency_pairs (currency_id, legal_id, price_precision, quantity_precision, maker_fee, taker_fee) select 10000 + g, 3, 2, 6, 0.001, 0.001 from generate_series(1, $1::int) g`,
    [extra],
  );
  const [user] = await db.query<{ id: number }>(`insert into users (account, password_hash, extension_code) values ('bench@index.example', '!', 'BENCHIDX') returning id`);
  const core = new Core(new CoreRepository(db));
  await core.start();
  const trader = user?.id ?? 0;
  await core.execute({ kind: 'adjust', key: 'bench-funds', userId: trader, currencyId: 3, wallet: 'change', amount: parseAmount('1000000000'), reason: 'adjustment', reference: 'bench' });
  const pairs = (await db.query<{ id: number }>('select id from currency_pairs order by id')).map((row) => row.id);
  return { core, pairs, trader };
}

/** Spot orders placed and cancelled as fast as the core takes them, IN_FLIGHT at a time: commands a second. */
async function spotThroughput(core: Core, pairId: number, trader: number, seconds: number): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  let serial = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const placed = await core.execute({ kind: 'spot_place', key: `bench-spot-${(serial += 1)}-${Math.random()}`, userId: trader, pairId, side: 'buy', type: 'limit', quantity: parseAmount('0.001'), price: parseAmount('100') });
      if (placed.applied && placed.orderId) await core.execute({ kind: 'spot_cancel', key: `bench-cancel-${serial}-${Math.random()}`, userId: trader, orderId: placed.orderId });
      done += 2;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return done / ((performance.now() - started) / 1000);
}

/** 1,000 ticks a second: every 100 ms one tick of each pair, four sources each. Returns a stop. */
function tickAll(core: Core, pairs: number[]): { stop: () => Promise<number> } {
  let running = true;
  let sent = 0;
  let round = 0;
  const loop = (async () => {
    const period = 1000 / TICKS_PER_SECOND;
    const started = performance.now();
    while (running) {
      round += 1;
      const now = Date.now();
      // one round of the feed: every pair in one command, as the feed sends them
      const ticks = pairs.map((pairId, index) => {
        const base = 100n * 10n ** 18n + BigInt((round * 7 + index * 13) % 200) * 10n ** 16n;
        const sources: IndexSourceReading[] = ['binance', 'okx', 'coinbase', 'kraken'].map((name, n) => ({ name, value: base + BigInt(n) * 10n ** 16n, at: now, used: true }));
        return { pairId, sources };
      });
      await core.execute({ kind: 'index_tick', key: `bench-tick-${round}`, ticks });
      sent += ticks.length;
      const wait = started + round * period - performance.now();
      if (wait > 0) await sleep(wait);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return sent;
    },
  };
}

async function measure(label: string, db: Database): Promise<void> {
  const { core, pairs, trader } = await prepare(db);
  const spotPair = pairs[0] ?? 1;
  await spotThroughput(core, spotPair, trader, 1); // warm-up
  const baseline = await spotThroughput(core, spotPair, trader, SECONDS);
  const ticking = tickAll(core, pairs);
  const withTicks = await spotThroughput(core, spotPair, trader, SECONDS);
  await ticking.stop();
  // the ticks alone: CPU time of this process per second of wall time (PGlite's writes included),
  // less what the same process spends idle (timers, the database's own housekeeping), measured in
  // windows taking turns so both see the same machine; the ticks ran above, so their code is warm
  let idleCpu = 0;
  let ticksCpu = 0;
  let wall = 0;
  let sent = 0;
  for (let turn = 0; turn < WINDOWS; turn += 1) {
    idleCpu += (await cpuOver(() => sleep(SECONDS * 1000))).cpuMs;
    const ticked = await cpuOver(async () => {
      const alone = tickAll(core, pairs);
      await sleep(SECONDS * 1000);
      sent += await alone.stop();
    });
    ticksCpu += ticked.cpuMs;
    wall += ticked.wallMs;
  }
  const idlePercent = (idleCpu / wall) * 100;
  const corePercent = ((ticksCpu - idleCpu) / wall) * 100;
  const slowdown = (1 - withTicks / baseline) * 100;
  console.log(`\n${label}: ${PAIRS} pairs × ${TICKS_PER_SECOND} ticks/s`);
  console.log(`  baseline (spot orders, no ticks):     ${baseline.toFixed(0)} commands/s`);
  console.log(`  with 1,000 index ticks a second:      ${withTicks.toFixed(0)} commands/s  (throughput lost: ${slowdown.toFixed(1)} %)`);
  console.log(`  idle process (baseline):              ${idlePercent.toFixed(1)} % of one core`);
  console.log(`  ticks alone: ${(sent / (wall / 1000)).toFixed(0)} ticks/s applied, ${corePercent.toFixed(1)} % of one core above idle (this process${label === 'PGlite' ? ', database included' : ''}; ${WINDOWS} windows of ${SECONDS} s)`);
  console.log(`  goal < ${GOAL_PERCENT} % of one core: ${corePercent < GOAL_PERCENT ? 'met' : 'NOT met'}`);
  await core.stop();
}

async function main(): Promise<void> {
  console.log(`index and mark updates (bench:index); the machine may be shared: figures are ratios to the baseline of the same run`);
  const pglite = await openPglite();
  await measure('PGlite', pglite);
  await pglite.close();
  const target = await postgresTarget();
  if (target) {
    const db = await openPostgres({ connectionString: target.url });
    await measure('PostgreSQL', db);
    await db.close();
    await target.drop();
  }
}

await main();
