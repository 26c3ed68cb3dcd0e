import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig } from '../../src/config';
import { formatAmount, parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import { Core } from '../../src/core/core';
import { CoreRepository, type BatchWrite } from '../../src/core/repository';
import type { Database } from '../../src/db/database';
import { createTestDatabase, describeEachDatabase } from '../support/test-app';

const USDT = 3;

describeEachDatabase('a chain deposit: its status is durable in the credit\'s batch', (kind) => {
  let db: Database;
  let userId: number;
  let sequence = 0;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await prepareDatabase(db, loadConfig({ NODE_ENV: 'test' }));
    userId = (await db.query<{ id: number }>(`select id from users where account = 'demo@tessera.example'`))[0]?.id ?? 0;
  });
  afterAll(() => db.close());

  const pendingRequest = async (amount: string) => {
    sequence += 1;
    const [row] = await db.query<{ id: number }>(
      `insert into deposit_requests (user_id, currency_id, network, source, tx_hash, amount, output_index, to_address)
       values ($1, $2, 'trc20', 'chain', $3, $4, 0, 'T-test') returning id::int as id`,
      [userId, USDT, `${kind}-hash-${sequence}-${Date.now()}`, amount],
    );
    return row?.id ?? 0;
  };
  const stored = async (id: number) => (await db.query<{ status: number; credited_amount: string | null }>('select status::int as status, credited_amount::text from deposit_requests where id = $1', [id]))[0];
  const credit = (id: number, amount: string, withDecision: boolean) => ({
    kind: 'adjust' as const,
    key: `deposit:trc20:${kind}:${id}`,
    userId,
    currencyId: USDT,
    wallet: 'change' as const,
    amount: parseAmount(amount),
    reason: 'deposit' as const,
    reference: `deposit:${id}`,
    ...(withDecision ? { deposit: { requestId: id, reviewerId: null, creditedAmount: amount, at: new Date().toISOString() } } : {}),
  });

  it('writes the confirmation in the very statement that credits: a process stopped right after the credit leaves no pending request', async () => {
    const statements: BatchWrite[] = [];
    class Watching extends CoreRepository {
      override async writeBatch(batch: BatchWrite): Promise<void> {
        statements.push(batch);
        await super.writeBatch(batch);
      }
    }
    const core = new Core(new Watching(db));
    await core.start();
    const id = await pendingRequest('25');
    expect(await core.execute(credit(id, '25', true))).toEqual({ applied: true });
    // nothing ran after the batch: the status is there already, from the credit's own batch
    expect(await stored(id)).toMatchObject({ status: 1 });
    expect(parseAmount((await stored(id))?.credited_amount ?? '0')).toBe(parseAmount('25'));
    expect(statements.at(-1)?.tables.map((table) => table.table.name)).toContain('deposit_requests');
    // a request decided already keeps its decision
    await db.query('update deposit_requests set status = 2 where id = $1', [id]);
    expect(await core.execute(credit(id, '25', true))).toEqual({ applied: false, duplicate: true });
    await db.query('update deposit_requests set status = 1 where id = $1', [id]);
    expect((await runAudit(db)).depositMismatches).toEqual([]);
    await core.stop();
  });

  it('the audit reports a credited deposit whose record still shows pending', async () => {
    const core = new Core(new CoreRepository(db));
    await core.start();
    const id = await pendingRequest('3');
    // as the old order of writes left it after a kill: credited, the request still pending
    await core.execute(credit(id, '3', false));
    const report = await runAudit(db);
    expect(report.ok).toBe(false);
    expect(report.depositMismatches).toEqual([{ deposit_id: id, status: 0, credited_amount: null, ledger: expect.any(String) }]);
    expect(formatAmount(parseAmount(report.depositMismatches[0]?.ledger ?? '0'))).toBe('3');
    // recording the decision settles it
    await db.query(`update deposit_requests set status = 1, credited_amount = 3 where id = $1`, [id]);
    expect((await runAudit(db)).ok).toBe(true);
    await core.stop();
  });
});
