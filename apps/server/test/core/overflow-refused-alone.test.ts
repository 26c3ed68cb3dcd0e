import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig } from '../../src/config';
import { parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import type { CoreCommand } from '../../src/core/commands';
import { Core } from '../../src/core/core';
import { CORE_KINDS } from '../../src/core/kinds';
import { CoreRepository } from '../../src/core/repository';
import type { Database } from '../../src/db/database';
import { createTestDatabase, describeEachDatabase } from '../support/test-app';

const USDT = 3;
/** One more than a NUMERIC(38,18) column holds, in atoms. */
const TOO_BIG = 10n ** 38n;
const HUGE_PRICE = parseAmount('99999999999999999999');
let sequence = 0;
const key = (name: string) => `overflow-${name}-${Date.now()}-${(sequence += 1)}`;

/**
 * A command of each kind carrying a value no NUMERIC(38,18) column holds. Each is sent together
 * with an ordinary credit, so both land in one batch: the bad command must be refused alone.
 */
const overflowing = (userId: number): Record<string, CoreCommand> => {
  const loose = (command: Record<string, unknown>) => command as unknown as CoreCommand;
  return {
    adjust: { kind: 'adjust', key: key('adjust'), userId, currencyId: USDT, wallet: 'change', amount: TOO_BIG, reason: 'adjustment', reference: 'test' },
    transfer: loose({ kind: 'transfer', key: key('transfer'), userId, currencyId: USDT, from: 'change', to: 'legal', amount: TOO_BIG }),
    spot_place: loose({ kind: 'spot_place', key: key('spot'), userId, pairId: 1, side: 'buy', type: 'limit', price: HUGE_PRICE, quantity: parseAmount('10') }),
    index_tick: loose({ kind: 'index_tick', key: key('index'), pairId: 1, value: TOO_BIG, at: new Date() }),
    withdraw_apply: loose({ kind: 'withdraw_apply', key: key('withdraw'), userId, currencyId: USDT, amount: TOO_BIG, fee: 0n }),
    lever_open: loose({ kind: 'lever_open', key: key('lever'), userId, pairId: 1, quantity: TOO_BIG }),
    c2c_publish: loose({ kind: 'c2c_publish', key: key('c2c'), userId, type: 'sell', currencyId: USDT, price: HUGE_PRICE, total: parseAmount('10'), minNumber: 0n, maxNumber: 0n, ways: ['bank'] }),
    micro_open: loose({ kind: 'micro_open', key: key('micro'), userId, number: TOO_BIG }),
    upstart_subscribe: loose({ kind: 'upstart_subscribe', key: key('upstart'), userId, quantity: TOO_BIG }),
    acceptor_deal_open: loose({ kind: 'acceptor_deal_open', key: key('acceptor'), userId, amount: TOO_BIG }),
    liabilities_snapshot: loose({ kind: 'liabilities_snapshot', key: key('liabilities'), total: TOO_BIG }),
  };
};

describeEachDatabase('a command whose values overflow NUMERIC(38,18) is refused alone, its batch-mates apply', (kind) => {
  let db: Database;
  let core: Core;
  let alice: number;
  const faults: unknown[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await prepareDatabase(db, loadConfig({ NODE_ENV: 'test' }));
    const [row] = await db.query<{ id: number }>(`select id from users where account = 'demo@tessera.example'`);
    alice = row?.id ?? 0;
    core = new Core(new CoreRepository(db), (error) => faults.push(error));
    await core.start();
    // enough in every wallet that only the overflow can be the reason of a refusal
    for (const wallet of ['change', 'legal'] as const) {
      await core.execute({ kind: 'adjust', key: key(`fund-${wallet}`), userId: alice, currencyId: USDT, wallet, amount: parseAmount('1000'), reason: 'adjustment', reference: 'test' });
    }
  }, 180_000);
  afterAll(async () => {
    expect(faults).toEqual([]);
    expect((await runAudit(db)).ok).toBe(true);
    await core.stop();
    await db.close();
  });

  it('covers every kind of the core (liabilities snapshots run alone and take no amounts)', () => {
    const kinds = new Set(Object.values(overflowing(alice)).map((command) => command.kind));
    for (const coreKind of CORE_KINDS) expect(coreKind.commandKinds.some((name) => kinds.has(name as never)), coreKind.name).toBe(true);
  });

  for (const name of Object.keys(overflowing(0))) {
    it(`${name}: refused with "parameter error"; the credit in the same batch applies`, async () => {
      const before = core.read.balance({ userId: alice, currencyId: USDT, wallet: 'change' }).available;
      const bad = overflowing(alice)[name]!;
      const mate: CoreCommand = { kind: 'adjust', key: key('mate'), userId: alice, currencyId: USDT, wallet: 'change', amount: parseAmount('1'), reason: 'adjustment', reference: 'test' };
      const [badResult, mateResult] = await Promise.allSettled([core.execute(bad), core.execute(mate)]);
      expect(badResult).toMatchObject({ status: 'rejected', reason: { key: 'parameter error' } });
      expect(mateResult).toMatchObject({ status: 'fulfilled', value: { applied: true } });
      expect(core.read.balance({ userId: alice, currencyId: USDT, wallet: 'change' }).available).toBe(before + parseAmount('1'));
    });
  }

  it('refuses a balance the column cannot hold (two credits each of which fits)', async () => {
    const big = parseAmount('99999999999999999999');
    const credit = (): CoreCommand => ({ kind: 'adjust', key: key('big'), userId: alice, currencyId: USDT, wallet: 'lever', amount: big, reason: 'adjustment', reference: 'test' });
    const mate: CoreCommand = { kind: 'adjust', key: key('mate'), userId: alice, currencyId: USDT, wallet: 'change', amount: parseAmount('1'), reason: 'adjustment', reference: 'test' };
    const results = await Promise.allSettled([core.execute(credit()), core.execute(credit()), core.execute(mate)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // take it back out so the audit's sums stay readable
    await core.execute({ kind: 'adjust', key: key('back'), userId: alice, currencyId: USDT, wallet: 'lever', amount: -big, reason: 'adjustment', reference: 'test' });
  });
});
