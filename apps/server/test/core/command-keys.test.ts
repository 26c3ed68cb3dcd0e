import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig } from '../../src/config';
import { parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import { newCommandKey } from '../../src/core/command-key';
import type { CoreCommand } from '../../src/core/commands';
import { Core } from '../../src/core/core';
import { CORE_KINDS } from '../../src/core/kinds';
import { RecentCommandKeys } from '../../src/core/recent-keys';
import { CoreRepository } from '../../src/core/repository';
import type { Database } from '../../src/db/database';
import { createTestDatabase, describeEachDatabase } from '../support/test-app';

const USDT = 3;

/** Every statement the core sends, to show what a start reads. */
function recording(db: Database): { db: Database; statements: string[] } {
  const statements: string[] = [];
  return {
    statements,
    db: {
      ...db,
      query(sql, params) {
        statements.push(sql);
        return db.query(sql, params);
      },
      queryPrepared(sql, params) {
        statements.push(sql);
        return db.queryPrepared(sql, params);
      },
    },
  };
}

describeEachDatabase('command keys: a bounded window in memory, the database for older keys', (kind) => {
  let db: Database;
  let userId: number;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await prepareDatabase(db, loadConfig({ NODE_ENV: 'test' }));
    userId = (await db.query<{ id: number }>(`select id from users where account = 'demo@tessera.example'`))[0]?.id ?? 0;
  });
  afterAll(() => db.close());

  const credit = (key: string, amount = '1'): CoreCommand => ({
    kind: 'adjust',
    key,
    userId,
    currencyId: USDT,
    wallet: 'micro',
    amount: parseAmount(amount),
    reason: 'adjustment',
    reference: 'command keys test',
  });
  const balance = async () =>
    (await db.query<{ available: string }>(`select available::text from balances where user_id = $1 and currency_id = $2 and wallet = 'micro'`, [userId, USDT]))[0]?.available;

  it('holds at most the window, refuses a duplicate older than it through the unique index, and again after a restart', async () => {
    const limits = { maxKeys: 5, maxAgeMs: 60_000 };
    const faults: unknown[] = [];
    const core = new Core(new CoreRepository(db), (error) => faults.push(error), () => new Date(), () => {}, CORE_KINDS, limits);
    await core.start();
    // the server's own keys (certainly new while the window covers them) and natural keys (a deposit's)
    const local = Array.from({ length: 20 }, () => newCommandKey('adjust'));
    const natural = Array.from({ length: 20 }, (_, index) => `deposit:test:${kind}:${index}`);
    for (const key of [...local, ...natural]) await core.execute(credit(key));
    expect(core.heldCommandKeys).toBeLessThanOrEqual(5);
    const after = await balance();

    // the first keys left memory long ago: the database answers them, nothing applies twice
    for (const key of [local[0]!, local[10]!, natural[0]!, natural[19]!]) {
      expect(await core.execute(credit(key, '1000'))).toEqual({ applied: false, duplicate: true });
    }
    // a batch mixing old duplicates and new keys: only the new ones apply
    const mixed = await Promise.all([credit(local[1]!), credit(newCommandKey('adjust'), '2'), credit(natural[1]!), credit(`deposit:test:${kind}:new`, '3')].map((c) => core.execute(c)));
    expect(mixed.map((result) => result.applied)).toEqual([false, true, false, true]);
    expect(parseAmount((await balance()) ?? '0')).toBe(parseAmount(after ?? '0') + parseAmount('5'));
    await core.stop();

    // a restart reads no command key at all: its time does not depend on the history
    const seen = recording(db);
    const restarted = new Core(new CoreRepository(seen.db), () => {}, () => new Date(), () => {}, CORE_KINDS, limits);
    await restarted.start();
    expect(seen.statements.filter((sql) => /core_commands/.test(sql))).toEqual([]);
    expect(restarted.heldCommandKeys).toBe(0);
    for (const key of [local[19]!, natural[5]!]) {
      expect(await restarted.execute(credit(key, '1000'))).toEqual({ applied: false, duplicate: true });
    }
    await restarted.stop();
    expect(faults).toEqual([]);
    expect((await runAudit(db)).ok).toBe(true);
  });

  it('asks the database nothing for the keys it made itself since it started', async () => {
    const seen = recording(db);
    const core = new Core(new CoreRepository(seen.db));
    await core.start();
    seen.statements.length = 0;
    await Promise.all(Array.from({ length: 50 }, () => core.execute(credit(newCommandKey('adjust')))));
    expect(seen.statements.filter((sql) => /from core_commands/.test(sql))).toEqual([]);
    await core.stop();
  });
});

it('the window forgets by age and by count, and no key made before what it forgot is certainly new', () => {
  let now = Date.now() - 1000;
  const keys = new RecentCommandKeys({ maxKeys: 3, maxAgeMs: 100 }, () => now);
  const first = newCommandKey('t');
  expect(keys.isNew(first)).toBe(true);
  expect(keys.isNew('deposit:x:1')).toBe(false);
  now = Date.now() + 1;
  keys.addDurable([first]);
  expect(keys.has(first)).toBe(true);
  expect(keys.isNew(first)).toBe(false);
  now += 500;
  keys.addDurable(['a', 'b']);
  // too old: forgotten, and keys made before it may be durable unseen
  expect(keys.has(first)).toBe(false);
  expect(keys.isNew(first)).toBe(false);
  keys.addDurable(['c', 'd']);
  expect(keys.size).toBe(3);
  expect(keys.has('a')).toBe(false);
  // a failed write of unknown outcome: nothing made until now is certainly new
  let clock = Date.now() - 1000;
  const fresh = new RecentCommandKeys({ maxKeys: 3, maxAgeMs: 100 }, () => clock);
  const before = newCommandKey('t');
  expect(fresh.isNew(before)).toBe(true);
  clock = Date.now() + 10;
  fresh.outcomeUnknown();
  expect(fresh.isNew(before)).toBe(false);
});
