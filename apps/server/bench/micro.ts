/**
 * `npm run bench:micro`: 100,000 second contracts expiring within the same second, settled by the
 * real core (one deadline `deadline:micro:<pair>:<expiry ms>` per expiry instant, whose command
 * settles that instant and every other of the pair already past through the batch, each at the
 * pair's last trade at or before it) on a real database. For every contract it measures
 * the time from its expiry to the moment its settlement is durable (the core's `micro` event, sent
 * after the batch commits). Goal: every one within 1 s of its expiry.
 *
 * Baseline in the same run, on the same core and database: 100,000 wallet transfers (the simplest
 * money command: one balance, two ledger entries) queued at once, timed until all are durable.
 *
 * PostgreSQL when one answers (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local
 * server), then the embedded PGlite (BENCH_ONLY=postgres skips it). BENCH_CONTRACTS changes the count,
 * BENCH_STEPS the number of expiry instants (100; 1 puts every contract in one settlement command).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { prepareDatabase } from '../src/app/bootstrap';
import { loadConfig } from '../src/config';
import { parseAmount } from '../src/core/amount';
import { newCommandKey } from '../src/core/command-key';
import { Core } from '../src/core/core';
import type { MicroContract } from '../src/core/micro/state';
import { CoreRepository } from '../src/core/repository';
import { openPglite, openPostgres, type Database } from '../src/db/database';
import { percentile, postgresTarget } from './support';

const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 100_000);
const USERS = 1_000;
const SECONDS = 600;
/** the openings are spread over this many milliseconds, so the expiries spread over one second */
const SPREAD_MS = 1_000;
const STEPS = Number(process.env.BENCH_STEPS ?? 100);
const GOAL_MS = 1_000;
const BTC = 1;
const USDT = 3;

interface Figures {
  label: string;
  openSeconds: number;
  baselineMs: number;
  settleAllMs: number;
  lateness: { p50: number; p99: number; max: number };
  settled: number;
}

/** The core's clock: frozen at a chosen instant while contracts open, then real time shifted by an offset. */
class BenchClock {
  frozen: number | undefined = Date.parse('2026-11-24T08:00:00Z');
  offset = 0;
  readonly now = (): Date => new Date(this.frozen ?? Date.now() + this.offset);
}

async function runOn(label: string, open: () => Promise<Database>): Promise<Figures> {
  const db = await open();
  try {
    await prepareDatabase(db, loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
    await db.query(
      `insert into users (account, password_hash, extension_code)
         select 'bench' || n || '@tessera.example', '!', 'BM' || lpad(n::text, 6, '0') from generate_series(1, $1::int) n`,
      [USERS + 2],
    );
    const ids = (await db.query<{ id: number }>(`select id from users where account like 'bench%' order by id`)).map((row) => row.id);
    const [house] = await db.query<{ id: number }>(`select id from users where kind = 'house'`);
    const [pair] = await db.query<{ id: number }>('select id from currency_pairs where currency_id = $1 and legal_id = $2', [BTC, USDT]);
    const players = ids.slice(0, USERS);
    const [seller = 0, buyer = 0] = ids.slice(USERS);
    const clock = new BenchClock();
    const core = new Core(new CoreRepository(db), (error) => console.error('core fault', error), clock.now);
    await core.start();
    const adjust = (userId: number, currencyId: number, wallet: 'change' | 'micro', amount: string) =>
      core.execute({ kind: 'adjust', key: newCommandKey('bench'), userId, currencyId, wallet, amount: parseAmount(amount), reason: 'adjustment', reference: 'bench' });
    await Promise.all([
      ...players.map((userId) => adjust(userId, USDT, 'micro', '1000000')),
      adjust(house?.id ?? 0, USDT, 'micro', '1000000000'),
      adjust(seller, BTC, 'change', '10'),
      adjust(buyer, USDT, 'change', '1000000'),
    ]);
    const place = (userId: number, side: 'buy' | 'sell') =>
      core.execute({ kind: 'spot_place', key: newCommandKey('bench'), userId, pairId: pair?.id ?? 0, side, type: 'limit', quantity: parseAmount('0.01'), price: parseAmount('60000') });
    await place(seller, 'sell');
    await place(buyer, 'buy');

    // baseline: 100,000 transfers queued at once
    let started = performance.now();
    await Promise.all(
      Array.from({ length: CONTRACTS }, (_, index) =>
        core.execute({ kind: 'transfer', key: newCommandKey('bench'), userId: players[index % USERS] ?? 0, currencyId: USDT, from: 'micro', to: 'change', amount: 1n }),
      ),
    );
    const baselineMs = performance.now() - started;

    // open the contracts in STEPS steps over one second of the frozen clock: their expiries fill one second
    started = performance.now();
    const opened = (clock.frozen ?? 0) + 0;
    const steps = STEPS;
    for (let step = 0; step < steps; step += 1) {
      clock.frozen = opened + Math.floor((step * SPREAD_MS) / steps);
      const count = Math.floor(CONTRACTS / steps) + (step < CONTRACTS % steps ? 1 : 0);
      await Promise.all(
        Array.from({ length: count }, (_, index) =>
          core.execute({
            kind: 'micro_open',
            key: newCommandKey('bench'),
            userId: players[(step * count + index) % USERS] ?? 0,
            pairId: pair?.id ?? 0,
            currencyId: USDT,
            type: index % 2 === 0 ? 1 : 2,
            seconds: SECONDS,
            number: parseAmount('10'),
            fee: parseAmount('0.05'),
            profitRatio: parseAmount('85'),
          }),
        ),
      );
    }
    const openSeconds = (performance.now() - started) / 1000;
    // a trade before the expiries: half the contracts win, half lose
    clock.frozen = opened + SPREAD_MS + 1;
    await place(seller, 'sell');
    await place(buyer, 'buy');

    // real time from here: the first expiry comes 300 ms from now, and the core's timer fires it
    const lateness: number[] = [];
    let done: () => void = () => {};
    const finished = new Promise<void>((resolve) => (done = resolve));
    core.events.on('micro', (contracts: MicroContract[]) => {
      const now = clock.now().getTime();
      for (const contract of contracts) if (contract.status === 3) lateness.push(now - contract.expiresAt.getTime());
      if (lateness.length >= CONTRACTS) done();
    });
    clock.offset = opened + SECONDS * 1000 - 300 - Date.now();
    clock.frozen = undefined;
    const firstExpiry = opened + SECONDS * 1000;
    // re-arm the core's timer on the moving clock (nothing is due yet)
    await core.runDueDeadlines();
    await finished;
    const settleAllMs = clock.now().getTime() - firstExpiry;
    await core.stop();
    const sorted = [...lateness].sort((a, b) => a - b);
    return {
      label,
      openSeconds,
      baselineMs,
      settleAllMs,
      lateness: { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? 0 },
      settled: lateness.length,
    };
  } finally {
    await db.close();
  }
}

const results: Figures[] = [];
const postgres = process.env.BENCH_ONLY === 'pglite' ? undefined : await postgresTarget();
if (postgres) {
  try {
    results.push(await runOn('PostgreSQL', () => openPostgres({ connectionString: postgres.url })));
  } finally {
    await postgres.drop();
  }
} else {
  console.log('no PostgreSQL: measuring PGlite only');
}
if (process.env.BENCH_ONLY !== 'postgres') {
  const dir = await mkdtemp(path.join(tmpdir(), 'tessera-bench-'));
  try {
    results.push(await runOn('PGlite', () => openPglite(path.join(dir, 'pglite'))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(`\nSecond contracts: ${CONTRACTS.toLocaleString('en-US')} contracts of ${USERS.toLocaleString('en-US')} users expiring within one second; node ${process.version}`);
console.log('database     baseline: transfers durable   opened in   all settled after 1st expiry   lateness p50 / p99 / max ms');
let failed = false;
for (const row of results) {
  console.log(
    `${row.label.padEnd(12)} ${`${fmt(row.baselineMs)} ms`.padStart(26)} ${`${row.openSeconds.toFixed(1)} s`.padStart(11)} ${`${fmt(row.settleAllMs)} ms`.padStart(30)}   ${fmt(row.lateness.p50)} / ${fmt(row.lateness.p99)} / ${fmt(row.lateness.max)}`,
  );
  if (row.settled !== CONTRACTS || row.lateness.max > GOAL_MS) failed = true;
}
console.log(`every contract durable within ${GOAL_MS} ms of its expiry: ${failed ? 'FAIL' : 'PASS'}`);
if (failed) process.exitCode = 1;
