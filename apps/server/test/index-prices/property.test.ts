import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseAmount, type Atoms } from '../../src/core/amount';
import { bandOf } from '../../src/core/index-prices/rules';
import { resultOf, type MicroDirection } from '../../src/core/micro/state';
import type { Database } from '../../src/db/database';
import { manualClock } from '../support/clock';
import { describeEachDatabase } from '../support/test-app';
import { key, LeverHarness, USDT } from '../lever/harness';

type Action =
  | { kind: 'limit'; side: 'buy' | 'sell'; price: number; lots: number }
  | { kind: 'market'; side: 'buy' | 'sell'; lots: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'tick'; move: number };

/** Prices from far below to far above the index (60,000), and sizes from one lot to beyond the book. */
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('limit' as const), side: fc.constantFrom('buy' as const, 'sell' as const), price: fc.integer({ min: 1, max: 2_000_000 }), lots: fc.integer({ min: 1, max: 400_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('market' as const), side: fc.constantFrom('buy' as const, 'sell' as const), lots: fc.integer({ min: 1, max: 400_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('tick' as const), move: fc.integer({ min: -50, max: 50 }) }) },
);

/**
 * One user's random spot orders, cancels and trades on BTC/USDT (prices anywhere, sizes up to
 * 0.4 BTC against a maker's ladder), with index ticks between them along a path the user does
 * not choose. After every tick the mark is within the band around that tick's index; and second
 * contracts opened along the way settle exactly as their index ticks say, whatever the user did.
 */
describeEachDatabase('index property: one user cannot steer the mark or a contract', (kind) => {
  let db: Database;
  const time = manualClock(new Date('2026-11-22T08:00:00Z'));
  let h: LeverHarness;
  let user = 0;
  let index: Atoms = parseAmount('60000');

  async function tick(move: number) {
    index += parseAmount(String(move));
    time.advanceSeconds(1);
    // the core moves the mark before it answers the tick
    await h.tick(h.pairId, index);
    const mark = h.core.read.mark(h.pairId)?.value ?? 0n;
    expect(mark >= index - bandOf(index) && mark <= index + bandOf(index)).toBe(true);
  }

  beforeAll(async () => {
    h = await LeverHarness.open(kind, { clock: time.clock, heartbeat: false });
    db = h.db;
    await h.fund(h.house, 'micro', '100000000');
    user = await h.newUser();
    await h.fund(user, 'change', '100000000');
    await h.fund(user, 'change', '2000', 1);
    await h.fund(user, 'micro', '1000000');
    await h.markAt('60000');
    const [maker = 0] = h.makers;
    for (let level = 1; level <= 5; level += 1) {
      for (const side of ['buy', 'sell'] as const) {
        const price = parseAmount(String(60000 + (side === 'buy' ? -level : level) * 5));
        await h.core.execute({ kind: 'spot_place', key: key(), userId: maker, pairId: h.pairId, side, type: 'limit', quantity: parseAmount('0.02'), price });
      }
    }
  });
  afterAll(async () => {
    await h.core.stop();
    await db.close();
  });

  it('no sequence of one user’s orders moves the mark beyond the band, nor changes a contract’s result', async () => {
    const seed = Number(process.env.INDEX_PROPERTY_SEED ?? 20261123);
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 14 }), fc.constantFrom<MicroDirection>(1, 2), async (actions, direction) => {
        const opened = await h.core.execute({
          kind: 'micro_open',
          key: key('micro'),
          userId: user,
          pairId: h.pairId,
          currencyId: USDT,
          type: direction,
          seconds: 6,
          number: parseAmount('10'),
          fee: 0n,
          profitRatio: parseAmount('80'),
        });
        const contractId = opened.applied ? (opened.microId ?? 0) : 0;
        const openIndex = index;
        const expiresAt = time.clock().getTime() + 6_000;
        for (const step of actions) {
          if (step.kind === 'tick') await tick(step.move);
          else if (step.kind === 'cancel') {
            const orders = h.core.read.openOrders(user);
            const order = orders[step.pick % Math.max(1, orders.length)];
            if (order) await h.core.execute({ kind: 'spot_cancel', key: key(), userId: user, orderId: order.id });
          } else {
            const quantity = parseAmount(String(step.lots)) / 1_000_000n;
            const price = step.kind === 'limit' ? { price: parseAmount(String(step.price)) } : {};
            await h.core
              .execute({ kind: 'spot_place', key: key(), userId: user, pairId: h.pairId, side: step.side, type: step.kind, quantity, ...price })
              .catch(() => undefined);
          }
        }
        // the index goes on ticking until past the expiry; the contract settles at the tick at or before it
        let endIndex = index;
        while (time.clock().getTime() <= expiresAt) {
          await tick(0);
          if (time.clock().getTime() <= expiresAt) endIndex = index;
        }
        await h.core.runDueDeadlines();
        await h.settle();
        const [row] = await db.query<{ result: string }>('select result from micro_contracts where id = $1', [contractId]);
        expect(row?.result).toBe(resultOf(direction, openIndex, endIndex));
        for (const order of h.core.read.openOrders(user)) await h.core.execute({ kind: 'spot_cancel', key: key(), userId: user, orderId: order.id });
      }),
      { numRuns: 12, seed },
    );
    expect(h.faults).toEqual([]);
  });
});
