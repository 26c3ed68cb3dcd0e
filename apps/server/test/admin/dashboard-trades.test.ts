import { expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { operatorCall, operatorToken, registerUser } from '../support/accounts';
import { apiClient } from '../support/client';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

const PASSWORD = 'operator-password-1';

describeEachDatabase('the back office dashboard with trades present; who runs the audit', (kind) => {

  const { app } = useTestApp(kind);

  it('answers every role with the day’s volumes once a trade exists (price × quantity has 36 decimals)', async () => {
    const api = apiClient(app);
    const seller = await registerUser(api, 'dash-seller@example.com');
    const buyer = await registerUser(api, 'dash-buyer@example.com');
    const fund = (userId: number, currencyId: number, amount: string) =>
      app.core.execute({ kind: 'adjust', key: `dash-fund-${userId}-${currencyId}`, userId, currencyId, wallet: 'change', amount: parseAmount(amount), reason: 'adjustment', reference: 'test' });
    await fund(seller.id, 1, '1');
    await fund(buyer.id, 3, '100000');
    const order = (userId: number, side: 'buy' | 'sell') =>
      app.core.execute({ kind: 'spot_place', key: `dash-${side}-${userId}`, userId, pairId: 1, side, type: 'limit', price: parseAmount('2.37'), quantity: parseAmount('0.123457') });
    await order(seller.id, 'sell');
    await order(buyer.id, 'buy');
    const [trades] = await app.db.query<{ n: number }>('select count(*)::int as n from spot_trades where buyer_id = $1', [buyer.id]);
    expect(trades!.n).toBeGreaterThan(0);

    const admin = operatorCall(app, await operatorToken(app));
    const calls = [admin];
    for (const role of ['reviewer', 'support', 'finance'] as const) {
      expect((await admin('POST', '/operators', { email: `dash-${role}@ops.example`, password: PASSWORD, role })).status).toBe(200);
      const login = await app.http.inject({ method: 'POST', url: '/admin/api/login', payload: { email: `dash-${role}@ops.example`, password: PASSWORD } });
      calls.push(operatorCall(app, login.json<{ token: string }>().token));
    }
    for (const call of calls) {
      const reply = await call('GET', '/dashboard');
      expect(reply.status).toBe(200);
      const pair = (reply.body.pairs as { pair_id: number; trades: number; quote_volume: string }[]).find((row) => row.pair_id === 1);
      expect(pair!.trades).toBeGreaterThan(0);
      expect(parseAmount(pair!.quote_volume)).toBeGreaterThanOrEqual(parseAmount('0.29259309'));
      expect(reply.body.queues).toBeDefined();
    }
  });

  it('runs (and records) the audit for admin and finance only', async () => {
    const admin = operatorCall(app, await operatorToken(app));
    const statuses: Record<string, number> = {};
    for (const role of ['reviewer', 'support', 'finance'] as const) {
      expect((await admin('POST', '/operators', { email: `audit-${role}@ops.example`, password: PASSWORD, role })).status).toBe(200);
      const login = await app.http.inject({ method: 'POST', url: '/admin/api/login', payload: { email: `audit-${role}@ops.example`, password: PASSWORD } });
      statuses[role] = (await operatorCall(app, login.json<{ token: string }>().token)('GET', '/audit')).status;
    }
    statuses.admin = (await admin('GET', '/audit')).status;
    expect(statuses).toEqual({ reviewer: 403, support: 403, finance: 200, admin: 200 });
  });
});
