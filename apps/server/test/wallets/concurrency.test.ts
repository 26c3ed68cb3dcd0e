import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import { apiClient } from '../support/client';
import { registerUser } from '../support/accounts';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

describeEachDatabase('wallet concurrency', (kind) => {
  let app: TestApp;
  let api: ReturnType<typeof apiClient>;
  let user: { token: string; id: number };

  beforeAll(async () => {
    app = await createTestApp(kind);
    api = apiClient(app);
    user = await registerUser(api, 'racer@example.com');
    await api.post('safe/set_pay_password', { password: '123456', repassword: '123456', login_password: 'secret123' }, { token: user.token });
    await app.core.execute({ kind: 'adjust', key: 'race-fund', userId: user.id, currencyId: 3, wallet: 'change', amount: parseAmount('1000'), reason: 'deposit', reference: 'test' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('200 concurrent transfers and withdrawals against one balance never overdraw, and the audit passes', async () => {
    // 100 transfers of 10 and 100 withdrawals of 15 ask for 2,500 against 1,000
    const calls = Array.from({ length: 200 }, (_, index) =>
      index % 2 === 0
        ? api.post('wallet/change', { number: '10', currency_id: 3, from_field: 'change', to_field: 'legal' }, { token: user.token })
        : api.post('wallet/out', { currency: 3, number: '15', address: TRON_ADDRESS, pay_password: '123456' }, { token: user.token }),
    );
    const replies = await Promise.all(calls);
    const accepted = replies.map((reply, index) => ({ ok: reply.body.type === 'ok', transfer: index % 2 === 0 }));
    for (const reply of replies) expect(['ok', 'insufficient balance']).toContain(reply.body.type === 'ok' ? 'ok' : reply.body.message);
    const transfers = accepted.filter((item) => item.ok && item.transfer).length;
    const withdrawals = accepted.filter((item) => item.ok && !item.transfer).length;
    const change = app.core.read.balance({ userId: user.id, currencyId: 3, wallet: 'change' });
    const legal = app.core.read.balance({ userId: user.id, currencyId: 3, wallet: 'legal' });
    expect(change.available).toBeGreaterThanOrEqual(0n);
    expect(change.locked).toBe(parseAmount(String(15 * withdrawals)));
    expect(legal.available).toBe(parseAmount(String(10 * transfers)));
    expect(formatAmount(change.available + change.locked + legal.available)).toBe('1000');
    // the balance ran out: some calls of the 200 were refused
    expect(transfers * 10 + withdrawals * 15).toBeLessThanOrEqual(1000);
    expect(transfers + withdrawals).toBeLessThan(200);
    const audit = await runAudit(app.db);
    expect(audit).toMatchObject({ ok: true, balanceMismatches: [], currencyMismatches: [], orphans: [] });
  });
});
