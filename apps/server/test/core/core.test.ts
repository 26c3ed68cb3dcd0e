import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig } from '../../src/config';
import { formatAmount, parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import type { CoreCommand } from '../../src/core/commands';
import { Core } from '../../src/core/core';
import { CoreRepository, type BatchWrite } from '../../src/core/repository';
import type { Wallet } from '../../src/core/wallets';
import type { Database } from '../../src/db/database';
import { Refusal } from '../../src/core/refusal';
import { createTestDatabase, describeEachDatabase } from '../support/test-app';

const USDT = 3;
let sequence = 0;
const key = () => `test-${Date.now()}-${(sequence += 1)}`;

/** The real repository, able to fail its next writes on demand: the database refusing a commit. */
class FlakyRepository extends CoreRepository {
  failNext = 0;
  writes = 0;
  override async writeBatch(batch: BatchWrite): Promise<void> {
    this.writes += 1;
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error('injected commit failure');
    }
    await super.writeBatch(batch);
  }
}

describeEachDatabase('the core', (kind) => {
  let db: Database;
  let repository: FlakyRepository;
  let core: Core;
  let alice: number;
  let bob: number;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await prepareDatabase(db, loadConfig({ NODE_ENV: 'test' }));
    const ids = await db.query<{ id: number }>(`select id from users where account in ('demo@tessera.example', 'trader@tessera.example') order by account`);
    alice = ids[0]?.id ?? 0;
    bob = ids[1]?.id ?? 0;
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    repository = new FlakyRepository(db);
    core = new Core(repository);
    await core.start();
  });

  const credit = (userId: number, amount: string, wallet: Wallet = 'change'): CoreCommand => ({
    kind: 'adjust',
    key: key(),
    userId,
    currencyId: USDT,
    wallet,
    amount: parseAmount(amount),
    reason: 'adjustment',
    reference: 'test grant',
  });
  const transfer = (userId: number, from: Wallet, to: Wallet, amount: string): CoreCommand => ({
    kind: 'transfer',
    key: key(),
    userId,
    currencyId: USDT,
    from,
    to,
    amount: parseAmount(amount),
  });
  const available = (userId: number, wallet: Wallet) => formatAmount(core.read.balance({ userId, currencyId: USDT, wallet }).available);
  async function storedBalance(userId: number, wallet: Wallet): Promise<string> {
    const rows = await db.query<{ available: string }>(
      'select available::text from balances where user_id = $1 and currency_id = $2 and wallet = $3',
      [userId, USDT, wallet],
    );
    return formatAmount(parseAmount(rows[0]?.available ?? '0'));
  }

  it('credits exactly and writes the ledger; the audit holds', async () => {
    await core.execute(credit(alice, '1000.1'));
    await core.execute(credit(alice, '0.2'));
    expect(available(alice, 'change')).toBe('1000.3');
    expect(await storedBalance(alice, 'change')).toBe('1000.3');
    expect((await runAudit(db)).ok).toBe(true);
  });

  it('transfers between wallets, and refuses what would overdraw, changing nothing', async () => {
    await core.execute(transfer(alice, 'change', 'lever', '300'));
    expect(available(alice, 'change')).toBe('700.3');
    expect(available(alice, 'lever')).toBe('300');
    const entriesBefore = await db.query<{ n: number }>('select count(*)::int as n from ledger_entries');
    await expect(core.execute(transfer(alice, 'lever', 'micro', '300.000000000000000001'))).rejects.toThrow(Refusal);
    await expect(core.execute(transfer(alice, 'lever', 'lever', '1'))).rejects.toMatchObject({ key: 'cannot transfer to the same wallet' });
    await expect(core.execute(transfer(alice, 'lever', 'micro', '0'))).rejects.toMatchObject({ key: 'amount must be greater than zero' });
    await expect(core.execute(transfer(alice, 'lever', 'micro', '-5'))).rejects.toMatchObject({ key: 'amount must be greater than zero' });
    const entriesAfter = await db.query<{ n: number }>('select count(*)::int as n from ledger_entries');
    expect(entriesAfter[0]?.n).toBe(entriesBefore[0]?.n);
    expect(available(alice, 'lever')).toBe('300');
  });

  it('applies a repeated idempotency key once, also after a restart', async () => {
    const grant = credit(bob, '50');
    expect(await core.execute(grant)).toEqual({ applied: true });
    expect(await core.execute(grant)).toEqual({ applied: false, duplicate: true });
    const restarted = new Core(new CoreRepository(db));
    await restarted.start();
    expect(await restarted.execute(grant)).toEqual({ applied: false, duplicate: true });
    expect(formatAmount(restarted.read.balance({ userId: bob, currencyId: USDT, wallet: 'change' }).available)).toBe('50');
  });

  it('commits many concurrent commands in few transactions (group commit)', async () => {
    const before = repository.writes;
    await Promise.all(Array.from({ length: 200 }, () => core.execute(credit(bob, '1', 'micro'))));
    expect(available(bob, 'micro')).toBe('200');
    expect(repository.writes - before).toBeLessThan(20);
  });

  it('never overdraws under 1,000 conflicting commands, and the audit holds', async () => {
    await core.execute(credit(bob, '10', 'legal'));
    const wallets: Wallet[] = ['legal', 'change', 'lever', 'micro'];
    const commands = Array.from({ length: 1000 }, (_, index) => {
      const from = wallets[index % 4] as Wallet;
      const to = wallets[(index * 7 + 1) % 4] as Wallet;
      return transfer(bob, from, from === to ? wallets[(index + 1) % 4] as Wallet : to, String(1 + (index % 7)));
    });
    const outcomes = await Promise.allSettled(commands.map((command) => core.execute(command)));
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const outcome of refused) expect((outcome as PromiseRejectedResult).reason).toMatchObject({ key: 'insufficient balance' });
    let total = 0n;
    for (const wallet of wallets) {
      const balance = core.read.balance({ userId: bob, currencyId: USDT, wallet });
      expect(balance.available >= 0n).toBe(true);
      total += balance.available;
      expect(await storedBalance(bob, wallet)).toBe(formatAmount(balance.available));
    }
    expect(formatAmount(total)).toBe('260');
    expect((await runAudit(db)).ok).toBe(true);
  });

  it('fails a batch whose commit fails, leaving memory equal to the database', async () => {
    const before = available(alice, 'change');
    repository.failNext = 1;
    const outcomes = await Promise.allSettled([core.execute(credit(alice, '5')), core.execute(credit(alice, '6'))]);
    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    expect(available(alice, 'change')).toBe(before);
    expect(await storedBalance(alice, 'change')).toBe(before);
    await core.execute(credit(alice, '7'));
    expect(available(alice, 'change')).toBe(formatAmount(parseAmount(before) + parseAmount('7')));
    expect((await runAudit(db)).ok).toBe(true);
  });

  it('loads the same state at start as it left', async () => {
    const restarted = new Core(new CoreRepository(db));
    await restarted.start();
    for (const userId of [alice, bob]) {
      for (const wallet of ['legal', 'change', 'lever', 'micro'] as Wallet[]) {
        expect(restarted.read.balance({ userId, currencyId: USDT, wallet })).toEqual(core.read.balance({ userId, currencyId: USDT, wallet }));
      }
    }
  });

  it('catches a balance that drifted from its ledger', async () => {
    await db.query(`update balances set available = available + 1 where user_id = $1 and wallet = 'change' and currency_id = $2`, [alice, USDT]);
    const report = await runAudit(db);
    expect(report.ok).toBe(false);
    expect(report.balanceMismatches).toHaveLength(1);
    expect(report.currencyMismatches).toHaveLength(1);
    await db.query(`update balances set available = available - 1 where user_id = $1 and wallet = 'change' and currency_id = $2`, [alice, USDT]);
    expect((await runAudit(db)).ok).toBe(true);
  });

  it('refuses a command for a user who does not exist: the balance row checks it, nothing is written', async () => {
    const [row] = await db.query<{ id: number }>('select max(id) + 1000 as id from users');
    const ghost = row?.id ?? 0;
    await expect(core.execute(credit(ghost, '5'))).rejects.toMatchObject({ key: 'please retry' });
    expect(core.read.balance({ userId: ghost, currencyId: USDT, wallet: 'change' }).available).toBe(0n);
    expect(await db.query('select 1 from ledger_entries where user_id = $1', [ghost])).toHaveLength(0);
    await core.execute(credit(alice, '1'));
    expect((await runAudit(db)).ok).toBe(true);
  });

  it('reports ledger rows, orders and trades that name no existing user or pair', async () => {
    await db.query(
      `insert into ledger_entries (user_id, currency_id, wallet, delta_available, delta_locked, reason, reference, idempotency_key)
       values (999999, $1, 'change', 0, 0, 'adjustment', 'orphan', 'orphan-entry')`,
      [USDT],
    );
    const report = await runAudit(db);
    expect(report.ok).toBe(false);
    expect(report.orphans).toEqual([{ table_name: 'ledger_entries', rows: 1 }]);
    await db.query(`delete from ledger_entries where idempotency_key = 'orphan-entry'`);
    expect((await runAudit(db)).orphans).toEqual([]);
  });
});
