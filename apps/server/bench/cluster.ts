/**
 * `npm run bench:cluster`: a core and gateways over the local NATS and Redis (docs/deployment.md),
 * side by side in one run on this machine:
 *   (a) durable limit orders from 64 callers at once, through a gateway's NATS request path
 *       against the in-process path (`core.execute`); goal: (gateway)/(in-process) ≥ 0.7
 *   (b) socket deliveries per second at saturation, the core's pushes fanned out through Redis to
 *       the sockets of one gateway against the same sockets split over two; goal: two/one ≥ 1.6
 * Prints the machine's core count. Skips (exit 0) with a message when NATS or Redis does not answer.
 * Everything runs in this one process (the gateways included), so (b) measures the fan-out path,
 * not what two gateway processes on two cores add.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp, type App } from '../src/app/build-app';
import { prepareDatabase } from '../src/app/bootstrap';
import { connectNats, remoteCore } from '../src/cluster/nats';
import { loadConfig } from '../src/config';
import { parseAmount } from '../src/core/amount';
import type { CoreCommand } from '../src/core/kinds';
import { openPglite } from '../src/db/database';
import { UserRepository } from '../src/modules/users/repository';
import { userRoom, SOCKET_PATH } from '../src/realtime/gateway';
import { answers, CLUSTER_NATS_URL, CLUSTER_REDIS_URL } from '../test/support/cluster';

const NATS_URL = CLUSTER_NATS_URL;
const REDIS_URL = CLUSTER_REDIS_URL;
const CALLERS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);

async function main(): Promise<void> {
  console.log(`cluster bench on ${availableParallelism()} cores, ${SECONDS} s per figure`);
  if (!(await answers(NATS_URL, 4222)) || !(await answers(REDIS_URL, 6379))) {
    console.log(`skipped: NATS (${NATS_URL}) or Redis (${REDIS_URL}) does not answer`);
    return;
  }
  const db = await openPglite();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tessera-bench-cluster-'));
  const cluster = `bench-${randomBytes(4).toString('hex')}`;
  const settings = (role: string) =>
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MARKET_MAKERS: 'off', DATA_DIR: dataDir, ROLE: role, NATS_URL, REDIS_URL, CLUSTER_NAME: cluster });
  await prepareDatabase(db, settings('core'));
  const listen = async (role: string): Promise<App & { base: string }> => {
    const app = await buildApp({ config: settings(role), db });
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    return { ...app, base: `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}` };
  };
  const core = await listen('core');
  const gateways = [await listen('gateway'), await listen('gateway')];
  try {
    // (a) durable orders
    const users = new UserRepository(db);
    const ids: number[] = [];
    for (let index = 0; index < CALLERS; index += 1) {
      const user = await users.create({ account: `bench-cluster-${index}@example.com`, email: `bench-cluster-${index}@example.com`, passwordHash: 'x', extensionCode: `BC${String(index).padStart(4, '0')}` });
      ids.push(user.id);
      await core.core.execute({ kind: 'adjust', key: `bench-fund-${user.id}`, userId: user.id, currencyId: 3, wallet: 'change', amount: parseAmount('100000000'), reason: 'adjustment', reference: 'bench' });
    }
    const [pair] = await db.query<{ id: number }>('select id from currency_pairs where currency_id = 1 and legal_id = 3');
    const pairId = pair?.id ?? 0;
    let sequence = 0;
    const order = (userId: number): CoreCommand => ({
      kind: 'spot_place',
      key: `bench-${cluster}-${(sequence += 1)}`,
      userId,
      pairId,
      side: 'buy',
      type: 'limit',
      quantity: parseAmount('0.001'),
      price: parseAmount(String(1000 + (sequence % 500))),
    });
    const ordersPerSecond = async (execute: (command: CoreCommand) => Promise<unknown>) => {
      const end = Date.now() + SECONDS * 1000;
      let done = 0;
      await Promise.all(
        ids.map(async (userId) => {
          while (Date.now() < end) {
            await execute(order(userId));
            done += 1;
          }
        }),
      );
      return done / SECONDS;
    };
    const nats = await connectNats(NATS_URL, 'bench');
    const overNats = remoteCore(nats, cluster);
    await ordersPerSecond((command) => core.core.execute(command)); // warm-up
    const inProcess = await ordersPerSecond((command) => core.core.execute(command));
    const throughGateway = await ordersPerSecond(overNats);
    await nats.drain();
    console.log(`(a) durable orders/s: in-process ${inProcess.toFixed(0)}, through a gateway over NATS ${throughGateway.toFixed(0)}, ratio ${(throughGateway / inProcess).toFixed(2)} (goal ≥ 0.7)`);

    // (b) socket deliveries: the core emits to one room; every socket of the user receives each push
    const userId = ids[0] ?? 0;
    const deliveries = async (spread: number) => {
      const sockets: Socket[] = [];
      for (let index = 0; index < SOCKETS; index += 1) {
        const gateway = gateways[index % spread]!;
        const socket = connect(gateway.base, { path: SOCKET_PATH, transports: ['websocket'], forceNew: true, reconnection: false });
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        sockets.push(socket);
      }
      // the sockets join the user's room on their gateway (what `login` does once authenticated)
      for (const gateway of gateways.slice(0, spread)) for (const socket of gateway.io.sockets.sockets.values()) void socket.join(userRoom(userId));
      await new Promise((resolve) => setTimeout(resolve, 300));
      let received = 0;
      for (const socket of sockets) socket.on('bench', () => (received += 1));
      const end = Date.now() + SECONDS * 1000;
      while (Date.now() < end) {
        for (let burst = 0; burst < 20; burst += 1) core.io.to(userRoom(userId)).emit('bench', { n: burst });
        await new Promise((resolve) => setImmediate(resolve));
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const socket of sockets) socket.close();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return received / SECONDS;
    };
    const one = await deliveries(1);
    const two = await deliveries(2);
    console.log(`(b) socket deliveries/s (${SOCKETS} sockets): one gateway ${one.toFixed(0)}, two gateways ${two.toFixed(0)}, ratio ${(two / one).toFixed(2)} (goal ≥ 1.6)`);
  } finally {
    for (const process of [...gateways, core]) await process.http.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
