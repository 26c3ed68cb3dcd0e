import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig } from '../../src/config';
import { formatAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import type { Database } from '../../src/db/database';
import { createTestDatabase, describeEachDatabase } from '../support/test-app';
import { atoms, key, LeverHarness, USDT } from './harness';

describeEachDatabase('lever positions in the core', (kind) => {
  let db: Database;
  let h: LeverHarness;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await prepareDatabase(db, loadConfig({ NODE_ENV: 'test' }));
    h = new LeverHarness(db);
    await h.start();
    await h.init();
    await h.fund(h.house, 'lever', '1000000');
    await h.fund(h.insurance, 'lever', '1000');
    await h.markAt('60000');
  });
  afterAll(async () => {
    await h.core.stop();
    await db.close();
  });

  it('opens a long at mark plus spread, locks value ÷ multiple as margin, takes value × fee % as fee, and closes at mark minus spread', async () => {
    const user = await h.newUser();
    await h.fund(user, 'lever', '1000');
    const opened = await h.open(user, { multiple: 10, hands: 1 });
    const id = opened.applied ? (opened.leverTradeId ?? 0) : 0;
    // price 60000.5 (spread 0.5), value 600.005 (0.01 BTC a hand), margin 60.0005, fee 0.05 % = 0.3000025
    expect(await h.trade(id)).toMatchObject({ status: 1, price: '60000.500000000000000000', margin: '60.000500000000000000', fee: '0.300002500000000000' });
    expect(h.lever(user)).toEqual({ available: atoms('1000') - atoms('60.0005') - atoms('0.3000025'), locked: atoms('60.0005') });
    await h.markAt('61000');
    await h.core.execute({ kind: 'lever_close', key: key(), userId: user, tradeId: id });
    // closes at 60999.5: (60999.5 − 60000.5) × 0.01 = 9.99
    expect(await h.trade(id)).toMatchObject({ status: 3, close_reason: 'manual', profits: '9.990000000000000000', close_price: '60999.500000000000000000', close_mark: '61000.000000000000000000' });
    expect(h.lever(user)).toEqual({ available: atoms('1000') - atoms('0.3000025') + atoms('9.99'), locked: 0n });
    await h.markAt('60000');
    expect((await runAudit(db)).ok).toBe(true);
  });

  it('liquidates every position of the currency exactly when the risk rate reaches 110 %, and the insurance fund pays what the user cannot', async () => {
    const user = await h.newUser();
    await h.fund(user, 'lever', '100');
    const opened = await h.open(user, { multiple: 10, hands: 1 });
    const id = opened.applied ? (opened.leverTradeId ?? 0) : 0;
    // equity = 99.6999975 + (mark − 60001) × 0.01; liquidated at equity ≤ 66.00055, so at a mark ≤ 56631.05525
    const risk = h.core.read.leverRisk(user, USDT);
    expect(risk.liquidationMarks.map((level) => formatAmount(level.mark))).toEqual(['56631.05525']);
    await h.markAt('56640');
    expect((await h.trade(id))?.status).toBe(1);
    await h.markAt('56630');
    expect(await h.trade(id)).toMatchObject({ status: 3, close_reason: 'liquidation' });
    const [liquidation] = await db.query<{ user_id: number; trade_ids: number[] }>('select user_id, trade_ids from lever_liquidations where user_id = $1', [user]);
    expect(liquidation?.trade_ids).toEqual([id]);
    expect(h.lever(user).locked).toBe(0n);
    expect((await runAudit(db)).ok).toBe(true);
    expect(h.faults).toEqual([]);
    await h.markAt('60000');
  });

  it('a gap past the liquidation mark takes the user to zero, never below, and the insurance fund covers the rest', async () => {
    const user = await h.newUser();
    await h.fund(user, 'lever', '100');
    const opened = await h.open(user, { multiple: 100, hands: 10 });
    const id = opened.applied ? (opened.leverTradeId ?? 0) : 0;
    const insuranceBefore = h.lever(h.insurance).available;
    await h.markAt('50000');
    const trade = await h.trade(id);
    expect(trade).toMatchObject({ status: 3, close_reason: 'liquidation' });
    expect(h.lever(user)).toEqual({ available: 0n, locked: 0n });
    const [row] = await db.query<{ uncovered: string }>('select uncovered::text from lever_trades where id = $1', [id]);
    expect(insuranceBefore - h.lever(h.insurance).available).toBe(atoms(row?.uncovered ?? '0'));
    expect(atoms(row?.uncovered ?? '0')).toBeGreaterThan(0n);
    expect((await runAudit(db)).ok).toBe(true);
    await h.markAt('60000');
  });
});
