/**
 * `npm run bench:bots`: the bots' book-diff stream against the socket.io depth pushes, in one run
 * on the real server (PGlite): CLIENTS WebSocket clients subscribed to `book:BTC_USDT` and CLIENTS
 * socket.io clients subscribed to the same pair, while traders place limit orders over HTTP for
 * BENCH_SECONDS. Prints each stream's messages delivered per second (all clients together) and
 * their ratio, and checks every bot client saw consecutive sequence numbers (no diff lost).
 * Baseline: socket.io `market_depth`, which pushes the top 10 levels at most ten times a second.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { WebSocket } from 'ws';
import { prepareDatabase } from '../src/app/bootstrap';
import { loadConfig } from '../src/config';
import { openPglite } from '../src/db/database';
import { hashPassword } from '../src/lib/password';
import { UserRepository } from '../src/modules/users/repository';
import { call, operatorJson, startServerProcess } from '../test/support/server-process';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TRADERS = 8;
const PASSWORD = 'bench12345';

const dataDir = await mkdtemp(path.join(tmpdir(), 'tessera-bench-bots-'));
const db = await openPglite(path.join(dataDir, 'pglite'));
await prepareDatabase(db, loadConfig({ NODE_ENV: 'test' }));
const users = new UserRepository(db);
const hash = await hashPassword(PASSWORD);
const accounts: string[] = [];
for (let index = 0; index < TRADERS; index += 1) {
  const account = `stream${index}@tessera.example`;
  await users.create({ account, email: account, passwordHash: hash, extensionCode: `STREAM${index}` });
  accounts.push(account);
}
await db.close();

const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'error', RATE_LIMIT_PER_MINUTE: '100000000' });
try {
  const operator = (await operatorJson<{ token: string }>(server.url, 'POST', '/login', undefined, { email: 'admin@tessera.example', password: 'admin-dev-password' })).token;
  const tokens: string[] = [];
  for (const account of accounts) {
    const token = (await call<string>(server.url, 'user/login', { user_string: account, password: PASSWORD })).message;
    const info = (await (await fetch(`${server.url}/api/user/info`, { headers: { authorization: token } })).json()) as { message: { id: number } };
    for (const currencyId of [1, 3]) await operatorJson(server.url, 'POST', `/users/${info.message.id}/credit`, operator, { currency_id: currencyId, wallet: 'change', amount: '100000000', reason: 'benchmark' });
    tokens.push(token);
  }

  // the bots: plain WebSocket, book diffs
  let diffs = 0;
  let gaps = 0;
  const bots = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/v1/ws`);
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      let seq = -1;
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { channel?: string; type?: string; seq?: number };
        if (message.channel !== 'book:BTC_USDT') return;
        if (message.type === 'snapshot') seq = message.seq ?? 0;
        else {
          diffs += 1;
          if (message.seq !== seq + 1) gaps += 1;
          seq = message.seq ?? seq;
        }
      });
      socket.send(JSON.stringify({ op: 'subscribe', args: ['book:BTC_USDT'], id: 1 }));
      return socket;
    }),
  );
  // the baseline: socket.io clients of the pair, depth pushes
  let depths = 0;
  const sockets = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const socket = io(server.url, { path: '/wss/socket.io/', transports: ['websocket'] });
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      await new Promise((resolve) => socket.emit('sub', { legal_id: 3, currency_id: 1 }, resolve));
      socket.on('market_depth', () => (depths += 1));
      return socket;
    }),
  );

  // traders: limit orders around 50000 on both sides, crossing now and then
  let orders = 0;
  const until = Date.now() + SECONDS * 1000;
  let seed = 28;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const diffsBefore = diffs;
  const depthsBefore = depths;
  const started = Date.now();
  await Promise.all(
    tokens.map(async (token) => {
      while (Date.now() < until) {
        const side = random() < 0.5 ? 'in' : 'out';
        const price = 50_000 + Math.floor(random() * 200) - (side === 'in' ? 120 : 80);
        await call(server.url, `transaction/${side}`, { legal_id: 3, currency_id: 1, price: String(price), num: '0.01', mode: 2 }, token);
        orders += 1;
      }
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const elapsed = (Date.now() - started) / 1000;
  for (const socket of bots) socket.close();
  for (const socket of sockets) socket.close();

  const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
  const botRate = (diffs - diffsBefore) / elapsed;
  const baseRate = (depths - depthsBefore) / elapsed;
  console.log(`\nStream benchmark (PGlite): ${CLIENTS} clients per stream, ${fmt(orders)} orders in ${elapsed.toFixed(1)} s (${fmt(orders / elapsed)} orders/s)\n`);
  console.log('stream                                   deliveries/s   per client/s');
  console.log(`(a) socket.io market_depth (baseline)    ${fmt(baseRate).padStart(12)} ${(baseRate / CLIENTS).toFixed(1).padStart(14)}`);
  console.log(`(b) v1 book diffs (WebSocket)            ${fmt(botRate).padStart(12)} ${(botRate / CLIENTS).toFixed(1).padStart(14)}`);
  console.log(`ratio (b)/(a) = ${(botRate / Math.max(baseRate, 1)).toFixed(3)}; sequence gaps seen by the bots: ${gaps} (goal 0: ${gaps === 0 ? 'PASS' : 'FAIL'})\n`);
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
