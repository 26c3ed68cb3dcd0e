import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { UNIT } from '@tessera/protocol';
import { runAudit } from '../../src/core/audit';
import { mustLiquidate } from '../../src/core/lever/risk';
import type { Database } from '../../src/db/database';
import { manualClock } from '../support/clock';
import { describeEachDatabase } from '../support/test-app';
import { atoms, BTC, ETH, key, LeverHarness, USDT } from './harness';

type Step =
  | { kind: 'open'; user: number; pair: number; type: 1 | 2; multiple: number; hands: number; limitOffset: number | null }
  | { kind: 'close'; user: number; pick: number }
  | { kind: 'cancel'; user: number; pick: number }
  | { kind: 'mark'; pair: number; move: number }
  | { kind: 'overnight' };

const user = fc.integer({ min: 0, max: 2 });
const pair = fc.integer({ min: 0, max: 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('open' as const), user, pair, type: fc.constantFrom(1 as const, 2 as const), multiple: fc.constantFrom(10, 50, 100, 100), hands: fc.integer({ min: 1, max: 30 }), limitOffset: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('close' as const), user, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), user, pick: fc.nat() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('mark' as const), pair, move: fc.integer({ min: -60, max: 60 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'overnight' as const }) },
);

/**
 * Random sequences of opens, closes, cancels, mark moves on two pairs and overnight fees against
 * the real core. After every step: no balance below zero, and no user left at or below the
 * liquidation rate (a liquidation happened when the rate was reached); every recorded
 * liquidation was at or below it. After every sequence the ledger audit and the recomputation
 * of every settlement hold.
 */
describeEachDatabase('lever property: random sequences', (kind) => {
  let db: Database;
  const time = manualClock(new Date('2026-11-22T08:00:00Z'));
  let h: LeverHarness;
  const pairs: { id: number; mark: number; step: number; low: number; high: number }[] = [];

  beforeAll(async () => {
    h = await LeverHarness.open(kind, { clock: time.clock });
    db = h.db;
    await h.fund(h.house, 'lever', '100000000');
    await h.fund(h.insurance, 'lever', '1000');
    pairs.push({ id: h.pairId, mark: 60000, step: 100, low: 40000, high: 80000 }, { id: await h.pairOf(ETH), mark: 3000, step: 5, low: 2000, high: 4000 });
    for (const { id, mark } of pairs) await h.markAt(String(mark), id);
    // a new time counts the days from now (the manual clock's), not from the database's creation
    await h.core.execute({ kind: 'lever_global_settings', key: key(), overnightTime: '00:05' });
    expect(BTC).toBe(1);
  });
  afterAll(async () => {
    await h.core.stop();
    await db.close();
  });

  it('keeps every balance at or above zero, liquidates exactly when the risk rate reaches the setting, and the audit holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 8, maxLength: 25 }), fc.array(fc.integer({ min: 50, max: 1500 }), { minLength: 3, maxLength: 3 }), async (steps, funds) => {
        const users: number[] = [];
        for (const amount of funds) {
          const id = await h.newUser();
          await h.fund(id, 'lever', String(amount));
          users.push(id);
        }
        for (const action of steps) {
          await apply(action, users);
          await h.settle();
          await check(users);
        }
        for (const id of users) await h.core.execute({ kind: 'lever_batch_close', key: key(), userId: id, side: 0 });
        for (const id of users) for (const trade of h.core.read.leverTradesOf(id)) await h.core.execute({ kind: 'lever_cancel', key: key(), userId: id, tradeId: trade.id });
        const audit = await runAudit(db);
        expect(audit, JSON.stringify(audit.settlementMismatches)).toMatchObject({ ok: true });
        expect(h.faults).toEqual([]);
      }),
      { numRuns: 20, seed: Number(process.env.LEVER_PROPERTY_SEED ?? 20261124) },
    );
    // the sequences reached liquidations, closes at a loss covered by the insurance fund or not, and overnight charges
    const [seen] = await db.query<{ liquidations: number; charges: number }>(
      'select (select count(*)::int from lever_liquidations) as liquidations, (select count(*)::int from lever_overnight_charges) as charges',
    );
    expect(seen?.liquidations).toBeGreaterThan(0);
    expect(seen?.charges).toBeGreaterThan(0);
  }, 600_000);

  async function apply(action: Step, users: number[]): Promise<void> {
    const userId = users[action.kind === 'mark' || action.kind === 'overnight' ? 0 : action.user] ?? 0;
    const ignoreRefusal = (promise: Promise<unknown>) => promise.catch(() => undefined);
    if (action.kind === 'open') {
      const target = pairs[action.pair];
      if (!target) return;
      const offset = action.limitOffset === null ? null : action.limitOffset * target.step;
      await ignoreRefusal(
        h.core.execute({
          kind: 'lever_open',
          key: key(),
          userId,
          pairId: target.id,
          type: action.type,
          mode: offset === null ? 'market' : 'limit',
          multiple: action.multiple,
          hands: action.hands,
          ...(offset === null ? {} : { targetPrice: atoms(String(action.type === 1 ? target.mark - offset : target.mark + offset)) }),
        }),
      );
    } else if (action.kind === 'close' || action.kind === 'cancel') {
      const wanted = action.kind === 'close' ? 1 : 0;
      const live = h.core.read.leverTradesOf(userId).filter((trade) => trade.status === wanted);
      const trade = live[action.pick % Math.max(live.length, 1)];
      if (!trade) return;
      await ignoreRefusal(h.core.execute({ kind: action.kind === 'close' ? 'lever_close' : 'lever_cancel', key: key(), userId, tradeId: trade.id }));
    } else if (action.kind === 'mark') {
      const target = pairs[action.pair];
      if (!target) return;
      target.mark = Math.min(target.high, Math.max(target.low, target.mark + action.move * target.step));
      await h.markAt(String(target.mark), target.id);
    } else {
      time.advanceMinutes(24 * 60);
      // the feed ticked all day: the marks are fresh when the overnight fee is charged (nothing is liquidated at a stale mark)
      for (const target of pairs) await h.markAt(String(target.mark), target.id);
      await h.core.runDueDeadlines();
      await h.settle();
      await h.core.runDueDeadlines();
    }
  }

  async function check(users: number[]): Promise<void> {
    const rate = h.core.read.leverGlobal().liquidationRate;
    for (const id of [...users, h.house, h.insurance]) {
      const balance = h.core.read.balance({ userId: id, currencyId: USDT, wallet: 'lever' });
      expect(balance.available >= 0n && balance.locked >= 0n).toBe(true);
    }
    for (const id of users) {
      const risk = h.core.read.leverRisk(id, USDT);
      // nobody is left at or below the liquidation rate
      expect(mustLiquidate(risk, rate), `user ${id} risk ${risk.rate}`).toBe(false);
    }
    const liquidations = await db.query<{ available: string; margin: string; unrealised: string; liquidation_rate: string }>(
      'select available::text, margin::text, unrealised::text, liquidation_rate::text from lever_liquidations where user_id = any($1::int[])',
      [users],
    );
    for (const row of liquidations) {
      const equity = atoms(row.available) + atoms(row.margin) + atoms(row.unrealised);
      // each liquidation happened at or below the rate, never above it
      expect(equity * 100n * UNIT <= atoms(row.liquidation_rate) * atoms(row.margin)).toBe(true);
    }
  }
});
