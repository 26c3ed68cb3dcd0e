import { beforeAll, expect, it } from 'vitest';
import { runAudit } from '../../src/core/audit';
import { registerUser } from '../support/accounts';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';
import { atoms, BTC, LeverHarness, USDT } from './harness';

describeEachDatabase('lever concurrency', (kind) => {
  let user: { token: string; id: number };
  let h: LeverHarness;

  const { app, api } = useTestApp(kind);
  beforeAll(async () => {
    h = new LeverHarness(app.db).use(app.core, app.services.indexFeed);
    await h.init();
    await h.markAt('60000');
    user = await registerUser(api, 'lever-racer@example.com');
    await h.fund(user.id, 'lever', '1000');
  });

  it('200 concurrent submits from one balance never overdraw, and the audit passes', async () => {
    // market longs of 1 hand at 10× cost 60.0005 margin and 0.3000025 fee; limit longs at 50,000 lock 50.0005 and 0.2500025
    const calls = Array.from({ length: 200 }, (_, index) =>
      api.post('lever/submit', { legal_id: USDT, currency_id: BTC, multiple: 10, share: 1, type: 1, ...(index % 2 === 0 ? { status: 1 } : { status: 0, target_price: '50000' }) }, { token: user.token }),
    );
    const replies = await Promise.all(calls);
    for (const reply of replies) {
      if (reply.body.type !== 'ok') expect(String(reply.body.message)).toMatch(/^insufficient balance, needed: \d+(\.\d+)?$/);
    }
    const accepted = replies.filter((reply) => reply.body.type === 'ok').length;
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(200);
    const live = app.core.read.leverTradesOf(user.id);
    expect(live.length).toBe(accepted);
    const spent = live.reduce((sum, trade) => sum + trade.margin + trade.fee, 0n);
    const wallet = app.core.read.balance({ userId: user.id, currencyId: USDT, wallet: 'lever' });
    expect(wallet.available).toBeGreaterThanOrEqual(0n);
    expect(wallet.available + spent).toBe(atoms('1000'));
    expect(wallet.locked).toBe(live.reduce((sum, trade) => sum + trade.margin + (trade.status === 0 ? trade.fee : 0n), 0n));
    expect(await runAudit(app.db)).toMatchObject({ ok: true, balanceMismatches: [], currencyMismatches: [], orphans: [], settlementMismatches: [] });
  });
});
