import { randomBytes } from 'node:crypto';
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode, encode } from '../../src/cluster/codec';
import { subjects, type CommandRequest } from '../../src/cluster/nats';
import { parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import type { CoreCommand } from '../../src/core/commands';
import type { Database } from '../../src/db/database';
import { missingOrders, spotLockMismatches, startOrderLoad, type OrderLoadResult, type Trader } from '../support/order-load';
import { processClusterUnavailable, startProcessCluster, type ProcessCluster } from '../support/process-cluster';
import { call, operatorJson, type ServerProcess } from '../support/server-process';
import { nextEvent, openSocket, until } from '../support/socket-client';

const unavailable = await processClusterUnavailable();
if (unavailable) console.warn(unavailable);

/** A gateway gives up on an unanswered command after this long (the default is 15 s). */
const PATIENCE_MS = 3000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spot orders and the spot_place commands applied so far: one order per command. */
async function placedSoFar(db: Database): Promise<{ commands: number; orders: number }> {
  const [row] = await db.query<{ commands: number; orders: number }>(
    `select (select count(*)::int from core_commands where kind = 'spot_place') as commands, (select count(*)::int from spot_orders) as orders`,
  );
  return row ?? { commands: 0, orders: 0 };
}

/**
 * Every request of the load has one order at most, and every acknowledged one has its order: the
 * orders placed meanwhile are the acknowledged ones, plus at most those abandoned unanswered.
 */
async function expectEachRequestOnce(db: Database, before: { commands: number; orders: number }, result: OrderLoadResult): Promise<void> {
  const after = await placedSoFar(db);
  const placed = after.orders - before.orders;
  expect(new Set(result.acknowledged).size).toBe(result.acknowledged.length);
  expect(await missingOrders(db, result.acknowledged)).toEqual([]);
  expect(after.commands - before.commands).toBe(placed);
  expect(placed).toBeGreaterThanOrEqual(result.acknowledged.length);
  expect(placed, JSON.stringify(result.retried)).toBeLessThanOrEqual(result.acknowledged.length + result.abandoned);
  expect(result.refused).toEqual({});
}

async function expectAuditPasses(db: Database): Promise<void> {
  const audit = await runAudit(db);
  expect(audit.ok, JSON.stringify(audit)).toBe(true);
}

/**
 * Faults of a deployment of separate processes (docs/deployment.md "Faults"): one core and two
 * gateways of the real server entry on PostgreSQL, Redis and a NATS server of the test's own.
 * The scenarios run in order on one cluster: a gateway killed (and started again), the core
 * killed and started again, NATS stopped and started again.
 */
describe.skipIf(unavailable !== undefined)('a core and two gateways in processes of their own, through faults', { timeout: 120_000 }, () => {
  let cluster: ProcessCluster;
  let db: Database;
  const traders: Trader[] = [];
  const users = () => traders.map((trader) => trader.id);
  /** gateway A started again after the first scenario killed it */
  let gatewayAgain: Promise<ServerProcess>;

  beforeAll(async () => {
    cluster = await startProcessCluster(2, { COMMAND_PATIENCE_MS: String(PATIENCE_MS) });
    db = await cluster.open();
    const gateway = cluster.gateways[0]?.url ?? '';
    const operator = (await operatorJson<{ token: string }>(gateway, 'POST', '/login', undefined, { email: 'admin@tessera.example', password: 'admin-dev-password' })).token;
    for (const [account, password] of [['demo@tessera.example', 'demo1234'], ['trader@tessera.example', 'trader1234']] as const) {
      const token = (await call<string>(gateway, 'user/login', { user_string: account, password })).message;
      const id = ((await (await fetch(`${gateway}/api/user/info`, { headers: { authorization: token } })).json()) as { message: { id: number } }).message.id;
      for (const [currencyId, amount] of [[3, '10000000'], [1, '1000']] as const) {
        await operatorJson(gateway, 'POST', `/users/${id}/credit`, operator, { currency_id: currencyId, wallet: 'change', amount, reason: 'fault test' });
      }
      traders.push({ token, id });
    }
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await cluster?.close();
  });

  it('a gateway killed under load: every acknowledged order is kept, its clients go on through the other gateway and get their pushes there', async () => {
    const [a, b] = cluster.gateways as [ServerProcess, ServerProcess];
    const trader = traders[0] as Trader;
    const onA = await openSocket(a.url, trader.token);
    expect(await onA.emitWithAck('login', trader.id)).toEqual({ type: 'ok' });
    const routes = Array.from({ length: 8 }, (_, worker) => (worker % 2 === 0 ? a.url : b.url));
    const before = await placedSoFar(db);
    const load = startOrderLoad({ workers: 8, traders, route: (worker) => routes[worker] ?? b.url, lost: (worker) => (routes[worker] = b.url) });
    await sleep(1500);
    const disconnected = new Promise((resolve) => onA.once('disconnect', resolve));
    await a.kill();
    load.mark();
    await disconnected;
    // the client of A re-points its socket to B: the pushes of its account reach it there
    const onB = await openSocket(b.url, trader.token);
    expect(await onB.emitWithAck('login', trader.id)).toEqual({ type: 'ok' });
    await sleep(1000);
    const result = await load.stop();
    await expectEachRequestOnce(db, before, result);
    const pushed = nextEvent<{ user_id: number }>(onB, 'update_balance', 5000, (push) => push.user_id === trader.id);
    expect((await call(b.url, 'transaction/in', { legal_id: 3, currency_id: 1, price: '1000', num: '0.01', mode: 2 }, trader.token)).type).toBe('ok');
    expect(await pushed).toMatchObject({ user_id: trader.id });
    onB.close();

    // the clients of A lost the answers to the requests under way when it died, sent them again through B, and went on there
    expect(result.acknowledged.length).toBeGreaterThan(20);
    expect(result.acknowledgedAfterMark).toBeGreaterThan(5);
    expect(result.retried['no answer'] ?? 0).toBeGreaterThan(0);
    expect(result.acknowledgedOnRetry).toBeGreaterThan(0);
    // and each got its final answer through B, an order applied before A died included (its Idempotency-Key's result)
    expect(result.abandoned).toBe(0);
    expect(await spotLockMismatches(db, users())).toEqual([]);
    await expectAuditPasses(db);

    // A starts again meanwhile the next scenario runs on B (a process start takes seconds)
    gatewayAgain = cluster.restartGateway(0);
  });

  it('the core killed: writes answer 503 after the patience, reads go on, nothing acknowledged is lost; the core started again takes writes', async () => {
    const b = cluster.gateways[1] as ServerProcess;
    const trader = traders[1] as Trader;
    const before = await placedSoFar(db);
    const load = startOrderLoad({ workers: 6, traders, route: () => b.url });
    await sleep(1200);
    await cluster.core.kill();
    load.mark();

    // a write waits for the patience, then 503 `please retry`
    const started = Date.now();
    const write = await fetch(`${b.url}/api/transaction/in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: trader.token },
      body: 'legal_id=3&currency_id=1&price=1000&num=0.01&mode=2',
    });
    expect(write.status).toBe(503);
    expect(await write.json()).toEqual({ type: 'error', message: 'please retry' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(PATIENCE_MS - 100);
    // reads are served from the gateway's copy and the database (A started again since reads its own); readiness tells the core is unreachable
    const a = await gatewayAgain;
    for (const gateway of [a, b]) {
      const book = await call<{ in: unknown[]; out: unknown[] }>(gateway.url, 'transaction/deal', { legal_id: 3, currency_id: 1 }, trader.token);
      expect(book.type).toBe('ok');
      expect(book.message.in.length + book.message.out.length).toBeGreaterThan(0);
      const info = await (await fetch(`${gateway.url}/api/user/info`, { headers: { authorization: trader.token } })).json();
      expect(info).toMatchObject({ type: 'ok', message: { id: trader.id } });
    }
    expect(await until(async () => JSON.stringify(await (await fetch(`${b.url}/api/health/ready`)).json()).includes('unreachable'), 5000)).toBe(true);
    const result = await load.stop();
    expect(result.acknowledged.length).toBeGreaterThan(10);
    expect(result.retried['503 please retry'] ?? 0).toBeGreaterThan(0);
    await expectEachRequestOnce(db, before, result);

    // the core again: writes through both gateways work, and each gateway shows them
    await cluster.restartCore();
    for (const gateway of [a, b]) {
      let placed: { type: string; order_id?: number } = { type: 'none' };
      expect(await until(async () => (placed = await call(gateway.url, 'transaction/out', { legal_id: 3, currency_id: 1, price: '99000', num: '0.01', mode: 2 }, trader.token)).type === 'ok', 20_000, 200)).toBe(true);
      expect(await missingOrders(db, [placed.order_id ?? 0])).toEqual([]);
    }
    expect(await until(async () => JSON.stringify((await call(b.url, 'transaction/deal', { legal_id: 3, currency_id: 1 }, trader.token)).message).includes('99000'), 5000)).toBe(true);
    expect(await spotLockMismatches(db, users())).toEqual([]);
    await expectAuditPasses(db);
  });

  it('NATS stopped and started again under load: commands are retried with their keys, none is applied twice', async () => {
    const [a, b] = cluster.gateways as [ServerProcess, ServerProcess];
    const before = await placedSoFar(db);
    const load = startOrderLoad({ workers: 8, traders, route: (worker) => (worker % 2 === 0 ? a.url : b.url) });
    await sleep(1200);
    await cluster.nats.kill();
    await sleep(1000);
    await cluster.nats.start();
    load.mark();
    await sleep(2500);
    const result = await load.stop();
    expect(result.acknowledgedAfterMark).toBeGreaterThan(10);
    await expectEachRequestOnce(db, before, result);
    expect(await spotLockMismatches(db, users())).toEqual([]);
    await expectAuditPasses(db);
  });

  it('a gateway’s retry of one call reaching the core again (in the same batch, or after) is answered the first copy’s order', async () => {
    const nc = await connect({ servers: cluster.nats.url });
    try {
      const trader = traders[0] as Trader;
      const [pair] = await db.query<{ id: number }>('select id from currency_pairs where currency_id = 1 and legal_id = 3');
      const command: CoreCommand = { kind: 'spot_place', key: `faults-retry-${randomBytes(6).toString('hex')}`, userId: trader.id, pairId: pair?.id ?? 0, side: 'buy', type: 'limit', quantity: parseAmount('0.01'), price: parseAmount('100') };
      const send = async (callName: string) => {
        const answer = await nc.request(subjects(cluster.name).commands, encode({ call: callName, command } satisfies CommandRequest), { timeout: 5000 });
        return decode<{ ok: boolean; result?: unknown }>(answer.data);
      };
      const [first, retried] = await Promise.all([send('call-1'), send('call-1')]);
      expect(first).toMatchObject({ ok: true, result: { applied: true, orderId: expect.any(Number) } });
      expect(retried).toEqual(first);
      expect(await send('call-1')).toEqual(first);
      // the same key from another call is a repeat, not a retry
      expect(await send('call-2')).toEqual({ ok: true, result: { applied: false, duplicate: true } });
      const [row] = await db.query<{ n: number }>('select count(*)::int as n from core_commands where idempotency_key = $1', [command.key]);
      expect(row?.n).toBe(1);
    } finally {
      await nc.close();
    }
  });

  it('one request with an Idempotency-Key sent through both gateways at once is one order, answered its id through both', async () => {
    const trader = traders[1] as Trader;
    const key = `faults-${randomBytes(6).toString('hex')}`;
    const place = async (gateway: ServerProcess) => {
      const response = await fetch(`${gateway.url}/api/transaction/in`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: trader.token, 'idempotency-key': key },
        body: 'legal_id=3&currency_id=1&price=200&num=0.01&mode=2',
      });
      return (await response.json()) as { type: string; order_id?: number };
    };
    const replies = await Promise.all(cluster.gateways.map(place));
    const [first] = replies;
    expect(first).toMatchObject({ type: 'ok', order_id: expect.any(Number) });
    for (const reply of replies) expect(reply.order_id).toBe(first?.order_id);
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from spot_orders where user_id = $1 and price = 200`, [trader.id]);
    expect(row?.n).toBe(1);
  });
});
