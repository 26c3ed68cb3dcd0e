import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SOCKET_PATH } from '../src/realtime/gateway';
import { processDatabase } from '../test/support/process-database';
import { call, startServerProcess, type ServerProcess } from '../test/support/server-process';
import { keptAliveConnection, requestText } from './http-load';
import { machineBusySeconds, processCpuSeconds } from './process-cpu';
import type { CounterReply, CounterRequest, PortCounts } from './socket-counter';

/** The event counted: each pair's book goes out at most once per 100 ms tick, to every socket. */
const EVENT = 'market_depth';
const TICKS_PER_SECOND = 10;
/**
 * How often the driver places one order on each pair: a little more often than the gateways' tick,
 * so nearly every tick has each book to send; faster would only spend the core's, the database's
 * and the driver's CPU on changes no push carries (a book goes out once per tick however often it moved).
 */
const DRIVE_MS = Number(process.env.BENCH_DRIVE_MS ?? 90);
const IN_FLIGHT = 3;

export interface SocketBenchOptions {
  natsUrl: string;
  redisUrl: string;
  rounds: number;
  seconds: number;
  /** sockets on each gateway */
  sockets: number;
  /** pairs whose books the driver moves */
  pairs: number;
}

interface Turn {
  deliveries: number;
  /** counted pushes per socket and second */
  perSocket: number;
  /** the driver's orders per second: a book goes out at most once per tick, and only when an order moved it */
  orders: number;
  /** the fewest and most pushes one socket counted, over the sockets of the turn */
  least: number;
  most: number;
  /** CPU cores busy on average during the window, per part */
  cpu: { gateways: number; core: number; counter: number; driver: number; machine: number };
}

/** The counter child process and its answers, one request at a time. */
class Counter {
  private readonly child: ChildProcess;
  constructor() {
    const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'socket-counter.ts');
    this.child = fork(entry, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  }
  get pid(): number | undefined {
    return this.child.pid;
  }
  request<T extends CounterReply['type']>(message: CounterRequest & { type: T }): Promise<Extract<CounterReply, { type: T }>> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the socket counter exited with ${code}`));
      this.child.once('exit', onExit);
      this.child.once('message', (reply: CounterReply) => {
        this.child.off('exit', onExit);
        if (reply.type === message.type) resolve(reply as Extract<CounterReply, { type: T }>);
        else reject(new Error(`the socket counter answered ${reply.type} to ${message.type}`));
      });
      this.child.send(message);
    });
  }
  stop(): void {
    this.child.disconnect();
  }
}

/**
 * Places one small bid far below the market on each pair every DRIVE_MS, straight at the core
 * (at most IN_FLIGHT orders under way per pair, so a slow core is not flooded): each moves the
 * pair's book on every gateway's copy. Each pair's orders go over a kept-alive connection of its
 * own as prepared text: the driver shares the two cores with what it measures.
 */
function startDriver(coreUrl: string, token: string, pairs: PairKey[]) {
  let placed = 0;
  let refused: unknown;
  const drives = pairs.map((pair) => ({ pair, connection: keptAliveConnection(coreUrl) }));
  const underWay = new Map<number, number>();
  let n = 0;
  const timer = setInterval(() => {
    n += 1;
    drives.forEach(({ pair, connection }, index) => {
      const count = underWay.get(index) ?? 0;
      if (count >= IN_FLIGHT) return;
      underWay.set(index, count + 1);
      const done = () => underWay.set(index, (underWay.get(index) ?? 1) - 1);
      // 0.10–0.59 USDT for 0.01 of the coin: every pair here has two price and quantity decimals at least
      const price = (0.1 + ((n + index * 7) % 50) / 100).toFixed(2);
      const body = `legal_id=${pair.legal_id}&currency_id=${pair.currency_id}&price=${price}&num=0.01`;
      const request = requestText('POST', '/api/transaction/in', `content-type: application/x-www-form-urlencoded\r\nauthorization: ${token}\r\n`, body);
      connection.send(request).then(
        (reply) => {
          done();
          if (reply.status === 200 && reply.body.startsWith('{"type":"ok"')) placed += 1;
          else refused ??= reply;
        },
        (error: unknown) => {
          done();
          refused ??= error;
        },
      );
    });
  }, DRIVE_MS);
  return {
    placed: () => placed,
    stop() {
      clearInterval(timer);
      for (const { connection } of drives) connection.close();
      if (refused !== undefined) throw new Error(`the driver's orders were refused: ${JSON.stringify(refused)}`);
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const portOf = (server: ServerProcess) => Number(new URL(server.url).port);

/**
 * (b): one core process and two gateway processes on one PostgreSQL database; the driver moves
 * `pairs` books through the core; the counter process holds `sockets` sockets on the first gateway
 * (one gateway) or on each of the two (two gateways), in turns, and counts the `market_depth`
 * pushes they receive.
 */
export async function socketDeliveries(options: SocketBenchOptions): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    console.log('(b) skipped: TEST_DATABASE_URL is not set (the core and gateway processes share one PostgreSQL database)');
    return;
  }
  const database = await processDatabase('postgres', 'bench_sockets');
  const env = {
    ...database.env,
    DEMO_DATA: 'on',
    DEMO_FUNDS: 'on',
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOG_LEVEL: 'error',
    NATS_URL: options.natsUrl,
    REDIS_URL: options.redisUrl,
    CLUSTER_NAME: `bench-${randomBytes(4).toString('hex')}`,
  };
  const processes: ServerProcess[] = [];
  let counter: Counter | undefined;
  let driver: ReturnType<typeof startDriver> | undefined;
  try {
    // BENCH_PROFILE=<dir>: every server process writes a V8 CPU profile there when it stops
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    // the core first: it migrates and seeds the database
    const core = await startServerProcess({ ...env, ROLE: 'core' }, profile);
    processes.push(core);
    for (let index = 0; index < 2; index += 1) processes.push(await startServerProcess({ ...env, ROLE: 'gateway' }, profile));
    const gateways = processes.slice(1);
    const { pairs, idle } = await pairsToDrive(database.env.DATABASE_URL ?? '', options.pairs);
    const login = await call<string>(core.url, 'user/login', { user_string: 'demo@tessera.example', password: 'demo1234', type: 1 });
    if (login.type !== 'ok') throw new Error(`login failed: ${JSON.stringify(login)}`);
    counter = new Counter();
    const held = counter;

    // every socket connects once; a turn of one gateway parks the second gateway's sockets on a
    // pair the driver leaves alone, so that gateway delivers none of the counted pushes
    const ports = gateways.map(portOf);
    await held.request({ type: 'open', path: SOCKET_PATH, event: EVENT, targets: ports.map((port) => ({ port, sockets: options.sockets })) });
    // the books move once every socket is connected: handshakes need not compete with pushes
    const running = startDriver(core.url, login.message, pairs);
    driver = running;
    const turn = async (spread: 1 | 2): Promise<Turn> => {
      await held.request({ type: 'park', port: ports[1] as number, ...(spread === 1 ? { parkedPair: idle } : {}) });
      // longer than the counter's read interval: the window starts after the change took effect
      await sleep(2000);
      const active = (counts: PortCounts[]) => counts.filter((count) => ports.indexOf(count.port) < spread);
      // each read answers what every socket counted since the previous one
      const snapshot = async () => {
        const read = await held.request({ type: 'read' });
        const orders = running.placed();
        const cpu = {
          gateways: gateways.reduce((sum, gateway) => sum + processCpuSeconds(gateway.child.pid), 0),
          core: processCpuSeconds(core.child.pid),
          counter: read.cpuMicros / 1e6,
          driver: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
          machine: machineBusySeconds(),
        };
        return { ports: active(read.ports), at: process.hrtime.bigint(), cpu, orders };
      };
      const start = await snapshot();
      await sleep(options.seconds * 1000);
      const end = await snapshot();
      const elapsed = Number(end.at - start.at) / 1e9;
      const after = end.ports;
      const cpuBefore = start.cpu;
      const cpuAfter = end.cpu;
      const sum = (counts: PortCounts[]) => counts.reduce((total, port) => total + port.events, 0);
      const deliveries = sum(after) / elapsed;
      const busy = (key: keyof Turn['cpu']) => (cpuAfter[key] - cpuBefore[key]) / elapsed;
      return {
        deliveries,
        perSocket: deliveries / (spread * options.sockets),
        orders: (end.orders - start.orders) / elapsed,
        least: Math.min(...after.map((port) => port.least)),
        most: Math.max(...after.map((port) => port.most)),
        cpu: { gateways: busy('gateways'), core: busy('core'), counter: busy('counter'), driver: busy('driver'), machine: busy('machine') },
      };
    };

    // warm-up, then the two setups in turns
    await turn(1);
    const turns: Record<1 | 2, Turn[]> = { 1: [], 2: [] };
    for (let round = 0; round < options.rounds; round += 1) {
      turns[1].push(await turn(1));
      turns[2].push(await turn(2));
    }
    driver.stop();
    driver = undefined;
    const one = average(turns[1]);
    const two = average(turns[2]);
    const describe = (turn: Turn) =>
      `${turn.deliveries.toFixed(0)}/s (${turn.perSocket.toFixed(1)} pushes per socket/s of at most ${Math.min(pairs.length * TICKS_PER_SECOND, turn.orders).toFixed(0)} with ${turn.orders.toFixed(0)} orders/s; CPU cores: gateways ${turn.cpu.gateways.toFixed(2)}, core ${turn.cpu.core.toFixed(2)}, counter ${turn.cpu.counter.toFixed(2)}, driver ${turn.cpu.driver.toFixed(2)}, machine ${turn.cpu.machine.toFixed(2)}; CPU µs per delivery: gateways ${microsPer(turn.cpu.gateways, turn)}, counter ${microsPer(turn.cpu.counter, turn)}, core and driver ${microsPer(turn.cpu.core + turn.cpu.driver, turn)})`;
    console.log(
      `(b) ${EVENT} socket deliveries on ${availableParallelism()} cores, ${pairs.length} books moved up to ${(1000 / DRIVE_MS).toFixed(0)} times/s each, ${options.sockets} sockets per gateway, ${options.rounds} turns of ${options.seconds} s each:`,
    );
    console.log(`    one gateway  ${describe(one)}`);
    console.log(`    two gateways ${describe(two)}`);
    // every counting socket of a turn gets every push: their counts differ only by what each had
    // not read yet at the window's two ends (a read a second)
    const all = [...turns[1], ...turns[2]];
    const widest = all.reduce((worst, turn) => (turn.most - turn.least > worst.most - worst.least ? turn : worst));
    console.log(
      `    ratio ${(two.deliveries / one.deliveries).toFixed(2)} (goal ≥ 1.6); the counting sockets of one turn got ${widest.least}–${widest.most} pushes each at the widest (${(widest.perSocket * options.seconds).toFixed(0)} on average)`,
    );
  } finally {
    driver?.stop();
    counter?.stop();
    for (const server of [...processes].reverse()) await server.stop();
    await database.cleanup();
  }
}

const microsPer = (cores: number, turn: Turn) => ((cores / turn.deliveries) * 1e6).toFixed(1);

function average(turns: Turn[]): Turn {
  const mean = (value: (turn: Turn) => number) => turns.reduce((sum, turn) => sum + value(turn), 0) / turns.length;
  return {
    deliveries: mean((turn) => turn.deliveries),
    perSocket: mean((turn) => turn.perSocket),
    orders: mean((turn) => turn.orders),
    least: Math.min(...turns.map((turn) => turn.least)),
    most: Math.max(...turns.map((turn) => turn.most)),
    cpu: {
      gateways: mean((turn) => turn.cpu.gateways),
      core: mean((turn) => turn.cpu.core),
      counter: mean((turn) => turn.cpu.counter),
      driver: mean((turn) => turn.cpu.driver),
      machine: mean((turn) => turn.cpu.machine),
    },
  };
}

interface PairKey {
  legal_id: number;
  currency_id: number;
}

/** The first `count` pairs (in display order) with two price and quantity decimals at least, and one pair besides them. */
async function pairsToDrive(databaseUrl: string, count: number): Promise<{ pairs: PairKey[]; idle: PairKey }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<PairKey>(
      'select legal_id, currency_id from currency_pairs order by (price_precision >= 2 and quantity_precision >= 2) desc, sort, id',
    );
    const keys = rows.map((row) => ({ legal_id: Number(row.legal_id), currency_id: Number(row.currency_id) }));
    const idle = keys.at(-1);
    if (keys.length <= count || !idle) throw new Error(`${keys.length} pairs: too few to drive ${count} and leave one alone`);
    return { pairs: keys.slice(0, count), idle };
  } finally {
    await client.end();
  }
}
