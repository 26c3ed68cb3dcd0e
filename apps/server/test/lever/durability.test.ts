import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAudit } from '../../src/core/audit';
import type { Database } from '../../src/db/database';
import { manualClock } from '../support/clock';
import { describeEachDatabase } from '../support/test-app';
import { atoms, key, LeverHarness, USDT } from './harness';

describeEachDatabase('lever state across restarts', (kind) => {
  let db: Database;
  const time = manualClock(new Date('2026-11-22T08:00:00Z'));
  let h: LeverHarness;

  beforeAll(async () => {
    h = await LeverHarness.open(kind, { clock: time.clock });
    db = h.db;
    await h.fund(h.house, 'lever', '1000000');
    await h.markAt('60000');
  });
  afterAll(async () => {
    await h.core.stop();
    await db.close();
  });

  const restart = async () => {
    await h.core.stop();
    await h.start();
  };
  const idOf = (result: { applied: boolean; leverTradeId?: number }) => (result.applied ? (result.leverTradeId ?? 0) : 0);

  it('keeps open positions, pending orders, take-profit, stop-loss and liquidation levels across a restart, and each fires once after it', async () => {
    const holder = await h.newUser();
    const risky = await h.newUser();
    await h.fund(holder, 'lever', '10000');
    await h.fund(risky, 'lever', '100');
    const withStops = idOf(await h.open(holder));
    await h.core.execute({ kind: 'lever_setstop', key: key(), userId: holder, tradeId: withStops, takeProfit: atoms('62000'), stopLoss: null });
    const pending = idOf(await h.open(holder, { mode: 'limit', targetPrice: atoms('59000') }));
    const shortStop = idOf(await h.open(holder, { type: 2 }));
    await h.core.execute({ kind: 'lever_setstop', key: key(), userId: holder, tradeId: shortStop, takeProfit: null, stopLoss: atoms('61500') });
    const liquidated = idOf(await h.open(risky));
    await restart();

    expect(h.core.read.leverTradesOf(holder).map((trade) => [trade.id, trade.status])).toEqual([
      [withStops, 1],
      [pending, 0],
      [shortStop, 1],
    ]);
    // the liquidation mark of the 100 USDT account is 56631.05525: a fall to 58,500 fills the limit order only
    await h.markAt('58500');
    expect((await h.trade(pending))?.status).toBe(1);
    expect((await h.trade(liquidated))?.status).toBe(1);
    await restart();
    await h.markAt('56600');
    expect(await h.trade(liquidated)).toMatchObject({ status: 3, close_reason: 'liquidation' });
    await restart();
    await h.markAt('61600');
    expect(await h.trade(shortStop)).toMatchObject({ status: 3, close_reason: 'stop_loss' });
    expect((await h.trade(withStops))?.status).toBe(1);
    await h.markAt('62100');
    expect(await h.trade(withStops)).toMatchObject({ status: 3, close_reason: 'take_profit' });
    const fired = await db.query<{ n: number }>(`select count(*)::int as n from core_commands where idempotency_key like 'trigger:lever:%'`);
    expect(fired[0]?.n).toBeGreaterThanOrEqual(4);
    await h.markAt('60000');
    await h.core.execute({ kind: 'lever_batch_close', key: key(), userId: holder, side: 0 });
    expect(h.faults).toEqual([]);
    expect((await runAudit(db)).ok).toBe(true);
  });

  it('charges the overnight fee once a day at the set time: a restart neither skips nor repeats a day', async () => {
    const user = await h.newUser();
    await h.fund(user, 'lever', '10000');
    // 00:30 Shanghai is 16:30 UTC; the clock is at 08:00 UTC on 22 November
    await h.core.execute({ kind: 'lever_global_settings', key: key(), overnightTime: '00:30' });
    const id = idOf(await h.open(user, { hands: 10 }));
    const charges = async () =>
      db.query<{ day: string; amount: string; value: string }>('select day::text, amount::text, value::text from lever_overnight_charges where trade_id = $1 order by day', [id]);
    time.advanceMinutes(8 * 60 + 29);
    await h.core.runDueDeadlines();
    expect(await charges()).toEqual([]);
    time.advanceMinutes(1);
    await h.core.runDueDeadlines();
    await h.settle();
    // 10 hands × 0.01 × 60,000 = 6,000 at 0.05 % a day: 3
    expect(await charges()).toEqual([{ day: '2026-11-23', amount: '3.000000000000000000', value: '6000.000000000000000000' }]);
    await restart();
    await h.settle();
    expect((await charges()).length).toBe(1);
    // stopped for two days: both are charged at start, in order, once each
    await h.core.stop();
    time.advanceMinutes(2 * 24 * 60 + 5);
    await h.start();
    // each charge schedules the next day's: due already, it fires at once
    for (let round = 0; round < 3; round += 1) {
      await h.core.runDueDeadlines();
      await h.settle();
    }
    expect((await charges()).map((charge) => charge.day)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
    await restart();
    await h.settle();
    expect((await charges()).length).toBe(3);
    const [trade] = await db.query<{ overnight: string }>('select overnight::text from lever_trades where id = $1', [id]);
    expect(trade?.overnight).toBe('9.000000000000000000');
    expect(h.lever(user).locked).toBe(atoms('600.005'));
    // two days on, the index is stale: closing waits for a fresh tick
    await h.markAt('60000');
    await h.core.execute({ kind: 'lever_close', key: key(), userId: user, tradeId: id });
    expect((await runAudit(db)).ok).toBe(true);
  });

  it('the audit recomputes each closed position’s profit and fee from its recorded inputs and reports a difference', async () => {
    await h.markAt('60000');
    const user = await h.newUser();
    await h.fund(user, 'lever', '1000');
    const id = idOf(await h.open(user));
    await h.core.execute({ kind: 'lever_close', key: key(), userId: user, tradeId: id });
    expect((await runAudit(db)).settlementMismatches).toEqual([]);
    await db.query('update lever_trades set profits = profits + 1, fee = fee + 0.5 where id = $1', [id]);
    const report = await runAudit(db);
    expect(report.ok).toBe(false);
    expect(report.settlementMismatches.map((mismatch) => `${mismatch.id} ${mismatch.field}`).sort()).toEqual([`${id} fee`, `${id} profits`]);
    await db.query('update lever_trades set profits = profits - 1, fee = fee - 0.5 where id = $1', [id]);
    expect(h.lever(user).locked).toBe(0n);
    expect(USDT).toBe(3);
  });
});
