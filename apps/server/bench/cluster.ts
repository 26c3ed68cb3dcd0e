/**
 * `npm run bench:cluster`: a core and gateways over the local NATS and Redis (docs/deployment.md),
 * side by side in one run on this machine:
 *   (a) durable limit orders per second from 256 HTTP callers at once (BENCH_CALLERS), placed through a gateway
 *       (`ROLE=gateway`, which sends each command to `ROLE=core` over NATS and replays the core's
 *       batches into its copy), against the same callers on one process (`ROLE` unset): each
 *       setup in processes of its own (child processes running `src/main.ts`), on a PostgreSQL
 *       database of its own on TEST_DATABASE_URL's server; goal: (gateway)/(one process) ≥ 0.7.
 *       Both setups start first; then they are measured in turns (ROUNDS windows each), so a
 *       machine shared with other work weighs on both alike. Each prints its CPU per order and
 *       the cores each process kept busy, and the commands per core batch (from the core's metrics).
 *   (b) socket deliveries per second at saturation from one gateway process against two; goal:
 *       two/one ≥ 1.6. One core process and two gateway processes share one PostgreSQL database;
 *       a driver in this process places a small bid far below the market on each of BENCH_PAIRS
 *       books, straight at the core, every 90 ms (BENCH_DRIVE_MS). Each gateway replays the core's batches into its
 *       copy, and its 100 ms market tick pushes the changed books (`market_depth`, at most ten a
 *       second per pair) to every socket of `market:all`: one broadcast, encoded once, written to
 *       each socket (what one tick sends a socket leaves in two writes, not one per push). The
 *       sockets live in a child process of their own (socket-counter.ts): raw TCP connections
 *       speaking just enough Engine.IO to stay connected, which read once a second
 *       and only compare the first bytes of each WebSocket frame with `42["market_depth"`, so a
 *       delivery costs them a small fraction of what it costs a gateway. BENCH_SOCKETS sockets
 *       connect to each gateway once; a turn of one gateway parks the second gateway's sockets on
 *       a pair the driver leaves alone (they get none of the counted pushes), a turn of two brings
 *       them back. So "two" is two gateways with BENCH_SOCKETS each, not the same sockets split:
 *       a socket's pushes are capped per pair, so the demand grows with the sockets, and only a
 *       gateway holding more demand than it can serve is at saturation; split, each gateway would
 *       hold half the demand and the ratio would measure the demand, not what a second process
 *       adds. The pushes per socket and second, printed against their cap, show the saturation,
 *       with the CPU each part used (gateways, core, counter, driver, whole machine). The two
 *       setups alternate (ROUNDS turns each), as in (a).
 * Prints the machine's core count. Skips (exit 0) with a message when NATS or Redis does not
 * answer; skips (a) and (b) when TEST_DATABASE_URL is not set.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { answers, CLUSTER_NATS_URL, CLUSTER_REDIS_URL } from '../test/support/cluster';
import { processDatabase } from '../test/support/process-database';
import { call, startServerProcess, type ServerProcess } from '../test/support/server-process';
import { cpuDuring, processesNamed, type CpuGroup } from './process-cpu';
import { loadHttp, requestText } from './http-load';
import { socketDeliveries } from './socket-deliveries';


const NATS_URL = CLUSTER_NATS_URL;
const REDIS_URL = CLUSTER_REDIS_URL;
/**
 * Enough callers to saturate both setups: the one process is bound by its one thread from 64 on,
 * but an order through a gateway crosses NATS twice more, so 64 callers waiting for their answers
 * leave the gateway and the core idle part of the time, and the figure would measure the callers'
 * patience rather than the cluster's capacity.
 */
const CALLERS = Number(process.env.BENCH_CALLERS ?? 256);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * Sockets on each gateway in (b), and the books its driver moves: enough demand that one gateway
 * cannot serve it all. Since a gateway writes a tick's pushes to a socket together
 * (realtime/write-coalescing.ts), 1,000 sockets and 6 books (60 pushes a socket and second) kept
 * one gateway at half a core; 2,000 sockets and 10 books ask 200,000 a second, about a third more
 * than one gateway serves here (145,000–162,000).
 */
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 10);
/** the demo accounts a fresh database funds with 10,000 USDT each (`DEMO_FUNDS`) */
const ACCOUNTS = [
  ['demo@tessera.example', 'demo1234'],
  ['trader@tessera.example', 'trader1234'],
] as const;
const BTC_USDT = { legal_id: 3, currency_id: 1 };

async function main(): Promise<void> {
  console.log(`cluster bench on ${availableParallelism()} cores, ${SECONDS} s per figure`);
  if (!(await answers(NATS_URL, 4222)) || !(await answers(REDIS_URL, 6379))) {
    console.log(`skipped: NATS (${NATS_URL}) or Redis (${REDIS_URL}) does not answer`);
    return;
  }
  if (process.env.TEST_DATABASE_URL && process.env.BENCH_ONLY !== 'sockets') await durableOrders();
  else if (!process.env.TEST_DATABASE_URL) console.log('(a) and (b) skipped: TEST_DATABASE_URL is not set (each setup runs on a PostgreSQL database of its own)');
  // BENCH_ONLY=orders or =sockets: one part alone
  if (process.env.TEST_DATABASE_URL && process.env.BENCH_ONLY !== 'orders') await socketDeliveries({ natsUrl: NATS_URL, redisUrl: REDIS_URL, rounds: ROUNDS, seconds: SECONDS, sockets: SOCKETS, pairs: PAIRS });
}

/** Durable orders per second from CALLERS callers at `url`, each waiting for its answer before the next order. */
async function ordersPerSecond(url: string, seconds: number): Promise<number> {
  const tokens: string[] = [];
  for (const [account, password] of ACCOUNTS) {
    const reply = await call<string>(url, 'user/login', { user_string: account, password, type: 1 });
    if (reply.type !== 'ok') throw new Error(`login failed: ${JSON.stringify(reply)}`);
    tokens.push(reply.message);
  }
  // each caller waits for its answer before its next order (bench/http-load.ts: the request built as
  // text, so the bench's own CPU stays small beside the processes it measures)
  let refused = 0;
  let sent = 0;
  const figures = await loadHttp({
    url,
    connections: CALLERS,
    seconds,
    warmupSeconds: 0,
    request: (caller) => {
      sent += 1;
      // bids far below the market: they rest, and each locks at most 0.06 USDT (the two demo accounts hold 10,000 USDT each)
      const body = `legal_id=${BTC_USDT.legal_id}&currency_id=${BTC_USDT.currency_id}&price=${10 + ((caller * 7 + sent) % 50)}&num=0.001`;
      return requestText('POST', '/api/transaction/in', `content-type: application/x-www-form-urlencoded\r\nauthorization: ${tokens[caller % tokens.length] ?? ''}\r\n`, body);
    },
    onReply: (_status, head) => {
      if (head.startsWith('{"type":"ok"')) return;
      if (refused === 0) console.log(`first refusal: ${head}`);
      refused += 1;
    },
  });
  if (refused > 0 || figures.errors > 0) throw new Error(`${refused} orders were refused, ${figures.errors} failed: the figure would not be durable orders`);
  return figures.requestsPerSecond;
}

interface Setup {
  url: string;
  /** the process that runs the core: its metrics count the batches */
  core: ServerProcess;
  processes: ServerProcess[];
  /** the processes whose CPU time per order is printed: the setup's own and NATS */
  cpu: CpuGroup[];
  cleanup(): Promise<void>;
}

/** Starts `start`'s processes on a fresh PostgreSQL database of its own. */
async function setUp(prefix: string, start: (env: Record<string, string>) => Promise<{ url: string; core: ServerProcess; processes: { role: string; server: ServerProcess }[] }>): Promise<Setup> {
  const database = await processDatabase('postgres', prefix);
  const env = { ...database.env, DEMO_DATA: 'on', DEMO_FUNDS: 'on', RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'error' };
  const started = await start(env);
  const processes = started.processes.map(({ server }) => server);
  return {
    url: started.url,
    core: started.core,
    processes,
    cpu: [
      ...started.processes.map(({ role, server }) => ({ name: role, pids: async () => (server.child.pid ? [server.child.pid] : []) })),
      // NATS, which every command and batch crosses; PostgreSQL's processes are not counted: one server
      // holds both setups' databases, and `pgrep` cannot tell whose a process is
      { name: 'NATS', pids: async () => processesNamed('nats-server') },
    ],
    async cleanup() {
      for (const server of [...processes].reverse()) await server.stop();
      await database.cleanup();
    },
  };
}

/** The core's batches and their commands so far, from its metrics (`tessera_core_batch_size`). */
async function batchesSoFar(core: ServerProcess): Promise<{ batches: number; commands: number }> {
  const text = await (await fetch(`${core.url}/metrics`)).text();
  const series = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return { batches: series('tessera_core_batch_size_count'), commands: series('tessera_core_batch_size_sum') };
}

async function durableOrders(): Promise<void> {
  const cluster = `bench-${randomBytes(4).toString('hex')}`;
  const setups: Setup[] = [];
  try {
    // BENCH_PROFILE=<dir>: every server process writes a V8 CPU profile there when it stops
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    const one = await setUp('bench_one', async (env) => {
      const server = await startServerProcess(env, profile);
      return { url: server.url, core: server, processes: [{ role: 'server', server }] };
    });
    setups.push(one);
    const gateway = await setUp('bench_cluster', async (env) => {
      const shared = { ...env, NATS_URL, REDIS_URL, CLUSTER_NAME: cluster };
      // the core first: it migrates and seeds the database
      const core = await startServerProcess({ ...shared, ROLE: 'core' }, profile);
      const served = await startServerProcess({ ...shared, ROLE: 'gateway' }, profile);
      return { url: served.url, core, processes: [{ role: 'core', server: core }, { role: 'gateway', server: served }] };
    });
    setups.push(gateway);
    // warm-up, then the two setups in turns
    for (const setup of setups) await ordersPerSecond(setup.url, Math.min(2, SECONDS));
    const measured = setups.map(() => ({ rate: 0, orders: 0, batches: 0, commands: 0, cpuMs: new Map<string, number>() }));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, setup] of setups.entries()) {
        const before = await batchesSoFar(setup.core);
        const { result: rate, cpuMs } = await cpuDuring(setup.cpu, () => ordersPerSecond(setup.url, SECONDS));
        const after = await batchesSoFar(setup.core);
        const figures = measured[index]!;
        figures.rate += rate / ROUNDS;
        figures.orders += rate * SECONDS;
        figures.batches += after.batches - before.batches;
        figures.commands += after.commands - before.commands;
        for (const [name, ms] of cpuMs) figures.cpuMs.set(name, (figures.cpuMs.get(name) ?? 0) + ms);
      }
    }
    const [oneProcess, throughGateway] = measured.map((figures) => figures.rate) as [number, number];
    console.log(
      `(a) durable orders/s from ${CALLERS} HTTP callers (${ROUNDS} turns of ${SECONDS} s each): one process ${oneProcess.toFixed(0)}, through a gateway (core and gateway in processes of their own) ${throughGateway.toFixed(0)}, ratio ${(throughGateway / oneProcess).toFixed(2)} (goal ≥ 0.7)`,
    );
    // CPU per order does not depend on what else the machine runs: where the gateway's extra work goes
    for (const [index, label] of ['one process', 'through a gateway'].entries()) {
      const figures = measured[index]!;
      const parts = [...figures.cpuMs].map(([name, ms]) => `${name} ${(ms / figures.orders).toFixed(3)}`);
      const total = [...figures.cpuMs.values()].reduce((a, b) => a + b, 0) / figures.orders;
      // cores busy on average: a server process near 1 is bound by its thread, not by the machine
      const cores = [...figures.cpuMs].map(([name, ms]) => `${name} ${(ms / (ROUNDS * SECONDS * 1000)).toFixed(2)}`);
      console.log(`    CPU ms per order, ${label}: ${parts.join(', ')}; all ${total.toFixed(3)} (cores busy: ${cores.join(', ')}; ${(figures.commands / figures.batches).toFixed(1)} commands per core batch)`);
    }
  } finally {
    for (const setup of setups) await setup.cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
