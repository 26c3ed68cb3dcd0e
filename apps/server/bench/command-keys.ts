/**
 * `npm run bench:command-keys`: the core's start time and resident memory with 20,000,000 rows in
 * `core_commands` beside an empty table, on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL,
 * else the local server). Each start runs in a process of its own, so its memory is its own. The
 * rows are made by the server with generate_series (BENCH_COMMAND_ROWS to change their number).
 * Goal: both starts alike; a duplicate of the oldest key refused by the database's unique index.
 */
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { prepareDatabase } from '../src/app/bootstrap';
import { loadConfig } from '../src/config';
import { parseAmount } from '../src/core/amount';
import { Core } from '../src/core/core';
import { CoreRepository } from '../src/core/repository';
import { openPostgres } from '../src/db/database';
import { postgresTarget } from './support';

const ROWS = Number(process.env.BENCH_COMMAND_ROWS ?? 20_000_000);
const USDT = 3;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** In a process of its own: start a core on `url`, print its start time, RSS and a duplicate's answer. */
async function measure(url: string): Promise<void> {
  const db = await openPostgres({ connectionString: url, max: 2 });
  const rssBefore = process.memoryUsage().rss;
  const core = new Core(new CoreRepository(db));
  const started = performance.now();
  await core.start();
  const startMs = performance.now() - started;
  global.gc?.();
  const rss = process.memoryUsage().rss;
  const [user] = await db.query<{ id: number }>(`select id from users where kind = 'fee' limit 1`);
  const duplicateStarted = performance.now();
  const duplicate = await core.execute({ kind: 'adjust', key: 'bench:000000000001', userId: user?.id ?? 1, currencyId: USDT, wallet: 'change', amount: parseAmount('1'), reason: 'adjustment', reference: 'bench' });
  const duplicateMs = performance.now() - duplicateStarted;
  await core.stop();
  await db.close();
  console.log(JSON.stringify({ startMs, rss, rssBefore, duplicate, duplicateMs }));
}

if (process.argv[2] === 'measure') {
  await measure(process.argv[3] ?? '');
  process.exit(0);
}

const target = await postgresTarget();
if (!target) {
  console.log('bench:command-keys needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL): skipped');
  process.exit(0);
}
try {
  const db = await openPostgres({ connectionString: target.url, max: 2 });
  await prepareDatabase(db, loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: 'off', DATA_DIR: tmpdir() }));
  const run = (label: string) => {
    const output = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), 'measure', target.url], { encoding: 'utf8' });
    const result = JSON.parse(output.trim().split('\n').pop() ?? '{}') as { startMs: number; rss: number; duplicate: unknown; duplicateMs: number };
    console.log(`${label}: core start ${result.startMs.toFixed(0)} ms, resident memory ${mb(result.rss)}; duplicate of the oldest key: ${JSON.stringify(result.duplicate)} in ${result.duplicateMs.toFixed(1)} ms`);
  };
  // the first key exists in both runs: the empty table's run writes it, the full one holds it
  run('core_commands empty');
  const generated = performance.now();
  // the primary key is built once after the rows, not maintained row by row
  await db.exec(`
    alter table core_commands drop constraint core_commands_pkey;
    insert into core_commands (idempotency_key, kind, applied_at)
      select 'bench:' || lpad(g::text, 12, '0'), 'adjust', now() - make_interval(secs => ${ROWS} - g) from generate_series(2, ${ROWS}) g;
    alter table core_commands add primary key (idempotency_key);
    analyze core_commands;`);
  console.log(`generated ${ROWS.toLocaleString('en')} command rows in ${((performance.now() - generated) / 1000).toFixed(1)} s`);
  run(`core_commands with ${ROWS.toLocaleString('en')} rows`);
  await db.close();
} finally {
  await target.drop();
}
