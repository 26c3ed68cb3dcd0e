import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import type { Database } from '../../src/db/database';
import { describeEachDatabase } from '../support/test-app';
import { mustLiquidate } from '../../src/core/lever/risk';
import { atoms, ETH, key, LeverHarness, USDT } from './harness';

describeEachDatabase('lever positions in the core', (kind) => {
  let db: Database;
  let h: LeverHarness;

  beforeAll(async () => {
    h = await LeverHarness.open(kind);
    db = h.db;
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

  it('with positions on two pairs, watches each pair for its share of the cushion, evaluates again when one is reached, and liquidates when their losses together reach the rate', async () => {
    const ethPair = await h.pairOf(ETH);
    await h.markAt('3000', ethPair);
    const user = await h.newUser();
    await h.fund(user, 'lever', '300');
    const btc = await h.open(user, { multiple: 10, hands: 1 });
    const eth = await h.open(user, { pairId: ethPair, multiple: 10, hands: 1 });
    const ids = [btc, eth].map((result) => (result.applied ? (result.leverTradeId ?? 0) : 0));
    const watch = async () => (await db.query<{ version: number; levels: unknown[] }>('select version, levels from lever_risk_watch where user_id = $1', [user]))[0];
    const rate = h.core.read.leverGlobal().liquidationRate;
    // a cushion of ~200 USDT shared by two pairs: BTC (0.01 a hand) watched ~10,000 lower, ETH (0.1) ~1,000 lower
    expect((await watch())?.levels).toHaveLength(2);
    const armed = (await watch())?.version ?? 0;

    // BTC alone loses ~110: past its share, not past the cushion: evaluated again, nothing closes
    await h.markAt('49000');
    expect((await watch())?.version).toBeGreaterThan(armed);
    expect(mustLiquidate(h.core.read.leverRisk(user, USDT), rate)).toBe(false);
    expect((await h.trade(ids[0] ?? 0))?.status).toBe(1);
    // ETH loses ~50 more: still above the rate
    await h.markAt('2500', ethPair);
    expect(mustLiquidate(h.core.read.leverRisk(user, USDT), rate)).toBe(false);
    expect((await h.trade(ids[1] ?? 0))?.status).toBe(1);
    // another ~50 on ETH: together the losses reach the rate, both positions close
    await h.markAt('2000', ethPair);
    for (const id of ids) expect(await h.trade(id)).toMatchObject({ status: 3, close_reason: 'liquidation' });
    const [liquidation] = await db.query<{ available: string; margin: string; unrealised: string }>(
      'select available::text, margin::text, unrealised::text from lever_liquidations where user_id = $1',
      [user],
    );
    const equity = atoms(liquidation?.available ?? '0') + atoms(liquidation?.margin ?? '0') + atoms(liquidation?.unrealised ?? '0');
    expect(equity * 100n * 10n ** 18n <= rate * atoms(liquidation?.margin ?? '0')).toBe(true);
    expect(h.faults).toEqual([]);
    expect((await runAudit(db)).ok).toBe(true);
    await h.markAt('60000');
    await h.markAt('3000', ethPair);
  });
});
