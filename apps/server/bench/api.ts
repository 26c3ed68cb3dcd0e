/**
 * `npm run bench:api`: the real server, measured from outside (`http-load.ts`: 64 connections, each
 * sending its next request when the last is answered), in one run:
 *   (a) a read served from memory: GET /api/currency/quotation_new
 *   (b) durable limit-order placements (acknowledged only after their batch commits) from 64 users
 *       over 64 connections
 *   (c) the same placements through the signed API v1 (`POST /api/v1/order`, one API key per
 *       user, each request signed anew and admitted once by the core, in the order's own batch)
 * on PostgreSQL (when one answers) and on the embedded PGlite. Prints requests/s, p50/p99 latency
 * and the ratios (b)/(a) and (c)/(b). Goals on PostgreSQL: (b)/(a) ≥ 0.5 and p99 of (b) ≤ 30 ms;
 * (c)/(b) ≥ 0.8 (the signed API costs at most a fifth of the old call's throughput).
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prepareDatabase } from '../src/app/bootstrap';
import { loadConfig } from '../src/config';
import { openPglite, openPostgres, type Database } from '../src/db/database';
import { hashPassword } from '../src/lib/password';
import { UserRepository } from '../src/modules/users/repository';
import { call, operatorJson, startServerProcess } from '../test/support/server-process';
import { loadHttp, requestText } from './http-load';
import { cpuDuring, processesNamed } from './process-cpu';
import { postgresTarget } from './support';
import { sign } from '../src/modules/api-v1/signature';

const CONNECTIONS = 64;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Unmeasured load first, the same for both calls: JIT compilation, prepared statements, caches. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const PASSWORD = 'bench12345';
/**
 * BENCH_PHASES: which of (a), (b), (c) to measure, in that order: `a,b,c` by default; `c,b` measures
 * the signed order first (both place resting bids on the same book, so the one measured later meets
 * the larger book and tables); `c` alone with BENCH_PROFILE profiles the signed order by itself.
 */
const PHASES = (process.env.BENCH_PHASES ?? 'a,b,c').split(',').map((phase) => phase.trim()) as ('a' | 'b' | 'c')[];

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  refused: number;
  /** CPU ms per answered request (warm-up included) of the server, the database and the bench's client */
  cpu: { server: number; database: number; client: number };
}

/** Counts a call's answers and its refusals (an answer that is not `{"type":"ok"…`). */
interface Answers {
  count: number;
  answered: number;
  /** the first refusal's reply, printed with the figures */
  first?: string;
}

function counted(answers: Answers) {
  return (status: number, body: string) => {
    answers.answered += 1;
    if (body.startsWith('{"type":"ok"')) return;
    answers.count += 1;
    answers.first ??= `${status} ${body.slice(0, 200)}`;
  };
}


/** the server process being measured, whose CPU time each measurement reads */
let serverPid: number | undefined;

/**
 * BENCH_ROUNDS=n (4 by default): (b) and (c) take turns in n rounds of BENCH_SECONDS/n each, (b)
 * first in the odd rounds and (c) first in the even ones, so a change of the machine's load or the
 * book's growth (both place resting bids on one book) falls on both alike; each figure is then the
 * mean of its rounds (p99: the worst round). BENCH_ROUNDS=1 measures each phase once, in the order
 * of BENCH_PHASES.
 */
const ROUNDS = Math.max(1, Math.floor(Number(process.env.BENCH_ROUNDS ?? 4)));

type Phase = (seconds: number, warmupSeconds: number) => Promise<Figures>;

async function measure(url: string, request: (connection: number) => string, answers: Answers, seconds: number, warmupSeconds: number): Promise<Figures> {
  const answeredBefore = answers.answered;
  const { result, cpuMs } = await cpuDuring([{ name: 'server', pids: async () => (serverPid === undefined ? [] : [serverPid]) }, // PostgreSQL's processes: the server's pool keeps its connections through a phase, so their CPU can be read
      { name: 'database', pids: async () => processesNamed('postgres') }], () =>
    loadHttp({ url, connections: CONNECTIONS, seconds, warmupSeconds, request, onReply: counted(answers) }),
  );
  const answered = Math.max(1, answers.answered - answeredBefore);
  if (answers.first) console.log(`first refusal: ${answers.first}`);
  const perRequest = (name: string) => (cpuMs.get(name) ?? 0) / answered;
  return {
    cpu: { server: perRequest('server'), database: perRequest('database'), client: perRequest('bench client') },
    requestsPerSecond: result.requestsPerSecond,
    p50: result.p50,
    p99: result.p99,
    errors: result.errors,
    refused: answers.count,
  };
}

function meanOf(rounds: Figures[]): Figures {
  const mean = (pick: (figures: Figures) => number) => rounds.reduce((sum, figures) => sum + pick(figures), 0) / rounds.length;
  return {
    requestsPerSecond: mean((figures) => figures.requestsPerSecond),
    p50: mean((figures) => figures.p50),
    p99: Math.max(...rounds.map((figures) => figures.p99)),
    errors: rounds.reduce((sum, figures) => sum + figures.errors, 0),
    // the refusal counters run on through the rounds
    refused: rounds.at(-1)?.refused ?? 0,
    cpu: { server: mean((figures) => figures.cpu.server), database: mean((figures) => figures.cpu.database), client: mean((figures) => figures.cpu.client) },
  };
}

async function seedUsers(db: Database): Promise<string[]> {
  await prepareDatabase(db, loadConfig({ NODE_ENV: 'test' }));
  const users = new UserRepository(db);
  const hash = await hashPassword(PASSWORD);
  const accounts: string[] = [];
  for (let index = 0; index < CONNECTIONS; index += 1) {
    const account = `bench${index}@tessera.example`;
    await users.create({ account, email: account, passwordHash: hash, extensionCode: `BENCH${String(index).padStart(3, '0')}` });
    accounts.push(account);
  }
  return accounts;
}

async function runOn(label: string, env: Record<string, string>, open: () => Promise<Database>) {
  const db = await open();
  const accounts = await seedUsers(db);
  await db.close();

  // BENCH_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops
  const profile = [...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []), ...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [])];
  const server = await startServerProcess({ ...env, LOG_LEVEL: 'error', RATE_LIMIT_PER_MINUTE: '100000000', API_V1_REQUESTS_PER_MINUTE: '100000000' }, profile);
  serverPid = server.child.pid;
  try {
    const operator = (await operatorJson<{ token: string }>(server.url, 'POST', '/login', undefined, { email: 'admin@tessera.example', password: 'admin-dev-password' })).token;
    const tokens: string[] = [];
    // a bot makes its HMAC key once, not for every request: the benchmark's client shares the machine's two cores
    const keys: { key: string; hmacKey: KeyObject }[] = [];
    for (const account of accounts) {
      const token = (await call<string>(server.url, 'user/login', { user_string: account, password: PASSWORD })).message;
      const info = (await (await fetch(`${server.url}/api/user/info`, { headers: { authorization: token } })).json()) as { message: { id: number } };
      await operatorJson(server.url, 'POST', `/users/${info.message.id}/credit`, operator, { currency_id: 3, wallet: 'change', amount: '1000000000', reason: 'benchmark' });
      tokens.push(token);
      const created = (await call<{ key: string; secret: string }>(server.url, 'apikey/create', { label: 'bench', scopes: 'read,trade' }, token)).message;
      keys.push({ key: created.key, hmacKey: createSecretKey(Buffer.from(created.secret, 'utf8')) });
    }

    const readRefusals: Answers = { count: 0, answered: 0 };
    const read = requestText('GET', '/api/currency/quotation_new', '', '');
    const measureRead: Phase = (seconds, warmupSeconds) => measure(server.url, () => read, readRefusals, seconds, warmupSeconds);

    // resting bids far below the market: every order is a durable insert, none trades; each connection is one user
    const orderRefusals: Answers = { count: 0, answered: 0 };
    const orders = tokens.map((token) =>
      requestText('POST', '/api/transaction/in', `content-type: application/x-www-form-urlencoded\r\nauthorization: ${token}\r\n`, 'legal_id=3&currency_id=1&price=1000&num=0.001&mode=2'),
    );
    const measureWrite: Phase = (seconds, warmupSeconds) => measure(server.url, (connection) => orders[connection % orders.length] ?? '', orderRefusals, seconds, warmupSeconds);

    // (c) the same order, signed at the moment it is sent, each connection with a key of its own;
    // a request counter in the query makes every signature new
    let counter = 0;
    const signedRefusals: Answers = { count: 0, answered: 0 };
    const orderBody = JSON.stringify({ symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', price: '1000', quantity: '0.001' });
    const signedOrder = (connection: number) => {
      const credentials = keys[connection % keys.length];
      if (!credentials) throw new Error('no API key');
      counter += 1;
      const query = `n=${counter}`;
      const timestamp = String(Date.now());
      const signature = sign(credentials.hmacKey, { timestamp, method: 'POST', path: '/api/v1/order', query, body: orderBody });
      return requestText(
        'POST',
        `/api/v1/order?${query}`,
        `content-type: application/json\r\nx-tsr-apikey: ${credentials.key}\r\nx-tsr-timestamp: ${timestamp}\r\nx-tsr-signature: ${signature}\r\n`,
        orderBody,
      );
    };
    const measureSigned: Phase = (seconds, warmupSeconds) => measure(server.url, signedOrder, signedRefusals, seconds, warmupSeconds);
    const none: Figures = { requestsPerSecond: Number.NaN, p50: Number.NaN, p99: Number.NaN, errors: 0, refused: 0, cpu: { server: Number.NaN, database: Number.NaN, client: Number.NaN } };
    const figures = { a: none, b: none, c: none };
    const phases = { a: measureRead, b: measureWrite, c: measureSigned };
    const rounds: Record<'b' | 'c', Figures[]> = { b: [], c: [] };
    if (ROUNDS === 1) {
      for (const phase of PHASES) figures[phase] = await phases[phase](DURATION_SECONDS, WARMUP_SECONDS);
    } else {
      if (PHASES.includes('a')) figures.a = await measureRead(DURATION_SECONDS, WARMUP_SECONDS);
      const turns = PHASES.filter((phase): phase is 'b' | 'c' => phase !== 'a');
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const phase of round % 2 === 0 ? turns : [...turns].reverse()) {
          rounds[phase].push(await phases[phase](DURATION_SECONDS / ROUNDS, rounds[phase].length === 0 ? WARMUP_SECONDS : 0));
        }
      }
      for (const phase of turns) figures[phase] = meanOf(rounds[phase]);
    }
    return { label, read: figures.a, write: figures.b, signed: figures.c, rounds };
  } finally {
    await server.stop();
  }
}

const rows: Awaited<ReturnType<typeof runOn>>[] = [];
const postgres = await postgresTarget();
if (postgres) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tessera-bench-'));
  try {
    rows.push(await runOn('PostgreSQL', { DATABASE_URL: postgres.url, DATA_DIR: dataDir }, () => openPostgres({ connectionString: postgres.url })));
  } finally {
    await postgres.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
} else {
  console.log('no PostgreSQL answers: measuring PGlite only');
}
// BENCH_ONLY=postgres skips the embedded database (profiling, quick checks)
if (process.env.BENCH_ONLY !== 'postgres') {
  const liteDir = await mkdtemp(path.join(tmpdir(), 'tessera-bench-'));
  try {
    rows.push(await runOn('PGlite', { DATA_DIR: liteDir }, () => openPglite(path.join(liteDir, 'pglite'))));
  } finally {
    await rm(liteDir, { recursive: true, force: true });
  }
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
console.log(`\nAPI benchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per measurement after ${WARMUP_SECONDS} s of warm-up\n`);
console.log('database     call                              req/s      p50 ms   p99 ms   errors  refused   CPU ms per request: server  database  client');
for (const row of rows) {
  for (const [name, figures] of [
    ['(a) GET currency/quotation_new', row.read],
    ['(b) POST transaction/in (durable)', row.write],
    ['(c) POST v1/order (signed, durable)', row.signed],
  ] as const) {
    console.log(
      `${row.label.padEnd(12)} ${name.padEnd(33)} ${fmt(figures.requestsPerSecond).padStart(8)} ${fmt(figures.p50, 1).padStart(9)} ${fmt(figures.p99, 1).padStart(8)} ${String(figures.errors).padStart(8)} ${String(figures.refused).padStart(8)}   ${fmt(figures.cpu.server, 3).padStart(27)} ${fmt(figures.cpu.database, 3).padStart(9)} ${fmt(figures.cpu.client, 3).padStart(7)}`,
    );
  }
  const ratio = row.write.requestsPerSecond / row.read.requestsPerSecond;
  const verdict = row.label === 'PostgreSQL' ? `  goal ratio ≥ 0.5: ${ratio >= 0.5 ? 'PASS' : 'FAIL'}; goal p99 ≤ 30 ms: ${row.write.p99 <= 30 ? 'PASS' : 'FAIL'}` : '';
  console.log(`${row.label.padEnd(12)} ratio (b)/(a) = ${ratio.toFixed(3)}${verdict}`);
  const signedRatio = row.signed.requestsPerSecond / row.write.requestsPerSecond;
  for (const phase of ['b', 'c'] as const) {
    if (row.rounds[phase].length > 1) console.log(`${row.label.padEnd(12)} (${phase}) req/s per round: ${row.rounds[phase].map((figures) => fmt(figures.requestsPerSecond)).join(', ')}`);
  }
  if (row.rounds.b.length > 1 && row.rounds.b.length === row.rounds.c.length) {
    const each = row.rounds.b.map((write, index) => ((row.rounds.c[index]?.requestsPerSecond ?? Number.NaN) / write.requestsPerSecond).toFixed(2));
    console.log(`${row.label.padEnd(12)} (c)/(b) per round: ${each.join(', ')}`);
  }
  // the goals are PostgreSQL's, the production database; PGlite's figures are printed beside them
  const signedVerdict = row.label === 'PostgreSQL' ? `  goal ≥ 0.8 (signed v1 order vs transaction/in): ${signedRatio >= 0.8 ? 'PASS' : 'FAIL'}` : '';
  console.log(`${row.label.padEnd(12)} ratio (c)/(b) = ${signedRatio.toFixed(3)}${signedVerdict}\n`);
}
