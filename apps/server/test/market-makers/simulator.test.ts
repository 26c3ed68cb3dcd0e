import { expect, it } from 'vitest';
import { runAudit } from '../../src/core/audit';
import { MarketMakerRepository } from '../../src/modules/market-makers/repository';
import { MarketMakerSimulator } from '../../src/modules/market-makers/simulator';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

async function runSimulator(app: TestApp, ticks: number): Promise<MarketMakerSimulator> {
  const simulator = new MarketMakerSimulator(app.core, new MarketMakerRepository(app.db), { seed: 7, intervalMs: 3_600_000, levels: 3 }, (error) => {
    throw error;
  });
  await simulator.start();
  for (let tick = 0; tick < ticks; tick += 1) await simulator.tick();
  simulator.stop();
  return simulator;
}

async function orderSequence(app: TestApp) {
  return app.db.query<{ pair_id: number; side: string; type: string; price: string | null; quantity: string }>(
    'select pair_id, side, type, price::text, quantity::text from spot_orders order by id',
  );
}

describeEachDatabase('market makers', (kind) => {
  it('fund their accounts through the ledger, fill the books on both sides and trade', async () => {
    const app = await createTestApp(kind);
    try {
      await runSimulator(app, 30);
      const funding = await app.db.query<{ n: number }>(`select count(*)::int as n from ledger_entries where reference = 'market maker funding'`);
      expect(funding[0]?.n).toBeGreaterThan(0);
      const pairs = [...app.core.spot.pairs.values()];
      const quoted = pairs.filter((pair) => {
        const book = app.core.spot.book(pair.id);
        return book?.bestBid() !== null && book?.bestAsk() !== null;
      });
      expect(quoted.length).toBe(pairs.length);
      for (const pair of quoted) {
        const book = app.core.spot.book(pair.id);
        expect((book?.bestBid() ?? 0) < (book?.bestAsk() ?? 0)).toBe(true);
      }
      const trades = await app.db.query<{ n: number }>('select count(*)::int as n from spot_trades');
      expect(trades[0]?.n).toBeGreaterThan(5);
      expect((await runAudit(app.db)).ok).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('are deterministic for a seed, and a restart takes down the stale quotes', async () => {
    const first = await createTestApp(kind);
    const second = await createTestApp(kind);
    try {
      await runSimulator(first, 12);
      await runSimulator(second, 12);
      const a = await orderSequence(first);
      const b = await orderSequence(second);
      expect(a.length).toBeGreaterThan(50);
      expect(b).toEqual(a);

      const makers = await first.db.query<{ id: number }>(`select id from users where kind = 'maker' order by id`);
      const quoter = makers[0]?.id ?? 0;
      const before = first.core.spot.openOrdersOf(quoter).length;
      expect(before).toBeGreaterThan(0);
      const restarted = new MarketMakerSimulator(first.core, new MarketMakerRepository(first.db), { seed: 7, intervalMs: 3_600_000, levels: 3 }, () => {});
      await restarted.start();
      restarted.stop();
      expect(first.core.spot.openOrdersOf(quoter)).toHaveLength(0);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
