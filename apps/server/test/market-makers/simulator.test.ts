import { expect, it } from 'vitest';
import { runAudit } from '../../src/core/audit';
import { MarketMakerRepository } from '../../src/modules/market-makers/repository';
import { MarketMakerSimulator } from '../../src/modules/market-makers/simulator';
import { operatorCall, operatorToken, registerUser } from '../support/accounts';
import { apiClient } from '../support/client';
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

function operatorMakers(app: TestApp, accounts: string[]): MarketMakerSimulator {
  return new MarketMakerSimulator(app.core, new MarketMakerRepository(app.db), { seed: 7, intervalMs: 3_600_000, levels: 3, accounts }, (error) => {
    throw error;
  });
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
      const pairs = [...app.core.read.pairs()];
      const quoted = pairs.filter((pair) => {
        const depth = app.core.read.depth(pair.id, 1);
        return depth.bids.length > 0 && depth.asks.length > 0;
      });
      expect(quoted.length).toBe(pairs.length);
      for (const pair of quoted) {
        const depth = app.core.read.depth(pair.id, 1);
        expect((depth.bids[0]?.price ?? 0n) < (depth.asks[0]?.price ?? 0n)).toBe(true);
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
      const before = first.core.read.openOrders(quoter).length;
      expect(before).toBeGreaterThan(0);
      const restarted = new MarketMakerSimulator(first.core, new MarketMakerRepository(first.db), { seed: 7, intervalMs: 3_600_000, levels: 3 }, () => {});
      await restarted.start();
      restarted.stop();
      expect(first.core.read.openOrders(quoter)).toHaveLength(0);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('given operator accounts, trade only what the operator put there: nothing is granted', async () => {
    const app = await createTestApp(kind);
    try {
      const api = apiClient(app);
      const quoter = await registerUser(api, 'quoter@example.com');
      const taker = await registerUser(api, 'taker@example.com');
      const usdt = 3;
      // the operator's funding: a credit through the operator API, as for any account
      const call = operatorCall(app, await operatorToken(app));
      for (const user of [quoter, taker]) {
        const credit = await call('POST', `/users/${user.id}/credit`, { currency_id: usdt, wallet: 'change', amount: '50000', reason: 'market maker float' });
        expect(credit.status).toBe(200);
      }
      const simulator = operatorMakers(app, ['quoter@example.com', 'taker@example.com']);
      await simulator.start();
      for (let tick = 0; tick < 10; tick += 1) await simulator.tick();
      simulator.stop();

      const minted = await app.db.query<{ n: number }>(`select count(*)::int as n from ledger_entries where reason = 'adjustment' and reference not like 'operator %'`);
      expect(minted[0]?.n).toBe(0);
      expect(await app.db.query(`select id from users where kind = 'maker'`)).toEqual([]);
      const quotes = await app.db.query<{ user_id: number; side: string }>('select user_id, side from spot_orders');
      expect(quotes.length).toBeGreaterThan(0);
      expect(quotes.every((order) => order.user_id === quoter.id || order.user_id === taker.id)).toBe(true);
      // holding only USDT, the quoter can bid but has nothing to offer
      expect(quotes.filter((order) => order.user_id === quoter.id).every((order) => order.side === 'buy')).toBe(true);
      expect((await runAudit(app.db)).ok).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('refuse to start when an operator account named does not exist or is not an ordinary account', async () => {
    const app = await createTestApp(kind);
    try {
      await expect(operatorMakers(app, ['nobody@example.com']).start()).rejects.toThrow(/MARKET_MAKER_ACCOUNTS: no such user account: nobody@example.com/);
      // the shared guest account is anyone's: never a maker
      await expect(operatorMakers(app, ['demo@tessera.example', '10000000000']).start()).rejects.toThrow(/no such user account: 10000000000$/);
    } finally {
      await app.close();
    }
  });
});
