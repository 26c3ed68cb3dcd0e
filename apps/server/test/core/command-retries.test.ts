import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig } from '../../src/config';
import { parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import type { CoreCommand } from '../../src/core/commands';
import { Core } from '../../src/core/core';
import { CORE_KINDS } from '../../src/core/kinds';
import { RecentCommandKeys } from '../../src/core/recent-keys';
import { CoreRepository } from '../../src/core/repository';
import type { Database } from '../../src/db/database';
import { CoreFaults, withCoreFaults } from '../support/core-faults';
import { createTestDatabase, describeEachDatabase } from '../support/test-app';

const BTC = 1;
const USDT = 3;
let sequence = 0;
const key = (name: string) => `retry-test-${name}-${(sequence += 1)}`;

describeEachDatabase('a retried remote call gets its first copy’s outcome', (kind) => {
  let db: Database;
  let userId: number;
  let pairId: number;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await prepareDatabase(db, loadConfig({ NODE_ENV: 'test' }));
    userId = (await db.query<{ id: number }>(`select id from users where account = 'demo@tessera.example'`))[0]?.id ?? 0;
    pairId = (await db.query<{ id: number }>('select id from currency_pairs where currency_id = $1 and legal_id = $2', [BTC, USDT]))[0]?.id ?? 0;
  });
  afterAll(() => db.close());

  const fund = (amount: string, name = 'fund'): CoreCommand => ({
    kind: 'adjust',
    key: key(name),
    userId,
    currencyId: USDT,
    wallet: 'change',
    amount: parseAmount(amount),
    reason: 'adjustment',
    reference: 'retry test',
  });
  // a buy far below the market: it rests in the book and locks 10 USDT
  const place = (name: string): CoreCommand => ({ kind: 'spot_place', key: key(name), userId, pairId, side: 'buy', type: 'limit', quantity: parseAmount('1'), price: parseAmount('10') });
  const spent = async (commandKey: string) =>
    (await db.query<{ n: number }>('select count(*)::int as n from core_commands where idempotency_key = $1', [commandKey]))[0]?.n;
  const openOrders = async () => (await db.query<{ id: string }>(`select id::text from spot_orders where user_id = $1 and status = 'open' order by id`, [userId])).map((row) => Number(row.id));
  const locked = async () =>
    parseAmount((await db.query<{ locked: string }>(`select locked::text from balances where user_id = $1 and currency_id = $2 and wallet = 'change'`, [userId, USDT]))[0]?.locked ?? '0');
  const duplicate = { applied: false, duplicate: true };

  it('a retry in the same batch as its first copy, queued behind the batch applying it, or after it is durable: the same order, placed once', async () => {
    const faults = new CoreFaults();
    const core = new Core(new CoreRepository(withCoreFaults(db, faults)));
    await core.start();
    await core.execute(fund('1000'));
    const lockedBefore = await locked();
    const ordersBefore = await openOrders();

    // the same call twice in one turn: one batch, one order, both answered its id
    const same = place('same-batch');
    const [first, again] = await Promise.all([core.execute(same, 'call-a'), core.execute({ ...same }, 'call-a')]);
    expect(first).toMatchObject({ applied: true, orderId: expect.any(Number) });
    expect(again).toEqual(first);

    // retries arriving while the batch holding the first copy is being written (they would be the next batch)
    const write = faults.holdNextWrite();
    const held = place('next-batch');
    const firstHeld = core.execute(held, 'call-b');
    await write.reached;
    const retried = core.execute({ ...held }, 'call-b');
    // the same key from another call, or from this process, is a repeat: a duplicate, as before
    const otherCall = core.execute({ ...held }, 'call-c');
    const local = core.execute({ ...held });
    const other = core.execute(place('other'), 'call-d');
    write.release();
    const [heldResult, retriedResult, otherCallResult, localResult, otherResult] = await Promise.all([firstHeld, retried, otherCall, local, other]);
    expect(heldResult).toMatchObject({ applied: true, orderId: expect.any(Number) });
    expect(retriedResult).toEqual(heldResult);
    expect(otherCallResult).toEqual(duplicate);
    expect(localResult).toEqual(duplicate);
    expect(otherResult).toMatchObject({ applied: true, orderId: expect.any(Number) });
    expect(otherResult).not.toEqual(heldResult);

    // a retry after its first copy was answered: the window holds its result, for that call only
    expect(await core.execute({ ...held }, 'call-b')).toEqual(heldResult);
    expect(await core.execute({ ...same }, 'call-a')).toEqual(first);
    expect(await core.execute({ ...same }, 'call-b')).toEqual(duplicate);
    expect(await core.execute({ ...same })).toEqual(duplicate);

    for (const command of [same, held]) expect(await spent(command.key)).toBe(1);
    const placed = [first, heldResult, otherResult].map((result) => (result.applied ? (result.orderId ?? 0) : 0));
    expect(await openOrders()).toEqual([...ordersBefore, ...placed].sort((a, b) => a - b));
    expect((await locked()) - lockedBefore).toBe(3n * parseAmount('10'));
    await core.stop();
    expect((await runAudit(db)).ok).toBe(true);
  });

  it('a refused first copy spends no key: its retry in the same batch is refused too, a later one is applied anew', async () => {
    const core = new Core(new CoreRepository(db));
    await core.start();
    const available = core.read.balance({ userId, currencyId: USDT, wallet: 'change' }).available;
    const tooMuch: CoreCommand = { kind: 'transfer', key: key('transfer'), userId, currencyId: USDT, from: 'change', to: 'legal', amount: available + parseAmount('1') };
    const outcomes = await Promise.allSettled([core.execute(tooMuch, 'call-e'), core.execute({ ...tooMuch }, 'call-e')]);
    expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as { key?: string }).key : outcome.value))).toEqual(['insufficient balance', 'insufficient balance']);
    expect(await spent(tooMuch.key)).toBe(0);
    // funds arrive; the same call again is applied, once
    await core.execute(fund('2'));
    expect(await core.execute({ ...tooMuch }, 'call-e')).toEqual({ applied: true });
    expect(await core.execute({ ...tooMuch }, 'call-e')).toEqual({ applied: true });
    expect(await spent(tooMuch.key)).toBe(1);
    await core.stop();
    expect((await runAudit(db)).ok).toBe(true);
  });

  it('beyond the window, and after a restart, a retry is told only that it is a duplicate', async () => {
    const limits = { maxKeys: 2, maxAgeMs: 60_000 };
    const core = new Core(new CoreRepository(db), () => {}, () => new Date(), () => {}, CORE_KINDS, limits);
    await core.start();
    await core.execute(fund('100'));
    const old = place('forgotten');
    expect(await core.execute(old, 'call-f')).toMatchObject({ applied: true, orderId: expect.any(Number) });
    for (let index = 0; index < 3; index += 1) await core.execute(fund('1', 'push-out'));
    expect(await core.execute({ ...old }, 'call-f')).toEqual(duplicate);
    const recent = place('before-restart');
    expect(await core.execute(recent, 'call-g')).toMatchObject({ applied: true });
    await core.stop();

    const restarted = new Core(new CoreRepository(db));
    await restarted.start();
    expect(await restarted.execute({ ...recent }, 'call-g')).toEqual(duplicate);
    await restarted.stop();
    expect(await spent(old.key)).toBe(1);
    expect(await spent(recent.key)).toBe(1);
    expect((await runAudit(db)).ok).toBe(true);
  });
});

it('the window keeps a durable key’s result for its call, and forgets it with the key', () => {
  let now = 1_000;
  const keys = new RecentCommandKeys({ maxKeys: 2, maxAgeMs: 100 }, () => now);
  keys.keepResult('never-durable', 'x', { applied: true, orderId: 1 });
  expect(keys.resultOf('never-durable', 'x')).toBeUndefined();
  keys.addDurable(['a']);
  keys.keepResult('a', 'x', { applied: true, orderId: 7 });
  expect(keys.resultOf('a', 'x')).toEqual({ applied: true, orderId: 7 });
  expect(keys.resultOf('a', 'y')).toBeUndefined();
  keys.addDurable(['b', 'c']);
  expect(keys.has('a')).toBe(false);
  expect(keys.resultOf('a', 'x')).toBeUndefined();
  keys.keepResult('b', 'x', { applied: true });
  expect(keys.resultOf('b', 'x')).toEqual({ applied: true });
  now += 500;
  keys.addDurable(['d']);
  expect(keys.resultOf('b', 'x')).toBeUndefined();
});
