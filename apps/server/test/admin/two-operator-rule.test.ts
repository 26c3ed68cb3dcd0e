import { beforeAll, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { operatorCall, operatorToken, registerUser } from '../support/accounts';
import { apiClient } from '../support/client';
import { postFiles, TINY_PNG } from '../support/multipart';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

const PASSWORD = 'operator-password-1';
type Call = ReturnType<typeof operatorCall>;

describeEachDatabase('the two-operator rule: a USDT value summed per operator and per user over the day', (kind) => {
  let admin: Call;
  let finance: Call;
  let finance2: Call;

  const usdt = (userId: number) => app.core.read.balance({ userId, currencyId: 3, wallet: 'change' }).available;
  const credit = (call: Call, userId: number, amount: string, currencyId = 3) =>
    call('POST', `/users/${userId}/credit`, { currency_id: currencyId, wallet: 'change', amount, reason: 'goodwill' });

  const { app } = useTestApp(kind, { audit: true });
  beforeAll(async () => {
    admin = operatorCall(app, await operatorToken(app));
    for (const name of ['finance', 'finance2']) {
      expect((await admin('POST', '/operators', { email: `${name}@ops.example`, password: PASSWORD, role: 'finance' })).status).toBe(200);
    }
    const login = async (email: string) =>
      operatorCall(app, (await app.http.inject({ method: 'POST', url: '/admin/api/login', payload: { email, password: PASSWORD } })).json<{ token: string }>().token);
    finance = await login('finance@ops.example');
    finance2 = await login('finance2@ops.example');
    expect((await admin('PUT', '/settings/adjustment-approval', { threshold: '100' })).status).toBe(200);
  });

  it('sums one operator’s credits over the day: small steps do not pass the threshold together', async () => {
    const api = apiClient(app);
    const a = await registerUser(api, 'split-a@example.com');
    const b = await registerUser(api, 'split-b@example.com');
    expect((await credit(finance, a.id, '60')).body).toMatchObject({ applied: true });
    // the same operator's second step: 60 + 60 > 100
    const held = await credit(finance, b.id, '60');
    expect(held.body).toMatchObject({ applied: false });
    expect(held.body.pending_approval).toEqual(expect.any(Number));
    expect(usdt(b.id)).toBe(0n);
    // another operator's step to the same user: 60 + 60 > 100
    expect((await credit(finance2, a.id, '60')).body).toMatchObject({ applied: false });
    expect(usdt(a.id)).toBe(parseAmount('60'));
    // a second operator's approval applies it, and it does not count toward the day's steps
    expect((await finance2('POST', `/adjustments/${held.body.pending_approval as number}/approve`)).body).toMatchObject({ applied: true });
    expect(usdt(b.id)).toBe(parseAmount('60'));
  });

  it('values a currency in USDT: a few units of a dear currency are not "small"', async () => {
    const c = await registerUser(apiClient(app), 'btc-credit@example.com');
    // 1 BTC is far below the threshold in units (100), far above it in value
    expect(app.core.read.valueInUsdt(1, parseAmount('1'))! > parseAmount('100')).toBe(true);
    expect((await credit(finance2, c.id, '1', 1)).body).toMatchObject({ applied: false });
    expect(app.core.read.balance({ userId: c.id, currencyId: 1, wallet: 'change' }).available).toBe(0n);
  });

  it('holds a deposit confirmation that corrects the claimed amount, or is above the threshold', async () => {
    const api = apiClient(app);
    const user = await registerUser(api, 'claimer@example.com');
    const claim = async (hash: string, amount: string) => {
      const pic = (await postFiles(app, '/api/upload', user.token, [{ filename: 'proof.png', contentType: 'image/png', bytes: TINY_PNG }])).body.message;
      const submitted = await api.post('wallet/charge_req', { currency: 3, acc: 'TXsender', hash, amount, pic, recharge_type: '1', type: 'change', active: '1' }, { token: user.token });
      expect(submitted.body).toEqual({ type: 'ok', message: 'recharge submitted' });
      const pending = (await admin('GET', '/deposits?status=0')).body as { list: { id: number; user_id: number; amount: string }[] };
      return pending.list.find((item) => item.user_id === user.id && parseAmount(item.amount) === parseAmount(amount))!.id;
    };
    // 1 USDT claimed, "corrected" to 5,000,000: waits for a second operator
    const small = await claim('d'.repeat(64), '1');
    const corrected = await finance('POST', `/deposits/${small}/confirm`, { output_index: 0, amount: '5000000' });
    expect(corrected.body).toMatchObject({ applied: false });
    expect(usdt(user.id)).toBe(0n);
    const queued = (await finance2('GET', '/adjustments?status=pending')).body.list as { id: string; deposit_id: string; amount: string }[];
    expect(queued.find((row) => Number(row.id) === corrected.body.pending_approval)).toMatchObject({ deposit_id: String(small), amount: '5000000' });
    expect(await finance('POST', `/adjustments/${corrected.body.pending_approval as number}/approve`)).toEqual({ status: 409, body: { error: 'a second operator must approve' } });
    // the second operator rejects it; the claim is still pending and confirms for its own amount
    expect((await finance2('POST', `/adjustments/${corrected.body.pending_approval as number}/reject`)).status).toBe(200);
    expect((await admin('POST', `/deposits/${small}/confirm`, { output_index: 0 })).body).toMatchObject({ applied: true, credited: '1' });
    expect(usdt(user.id)).toBe(parseAmount('1'));

    // a claim above the threshold waits too, and a second operator's approval credits it once
    const large = await claim('e'.repeat(64), '500');
    const held = await finance('POST', `/deposits/${large}/confirm`, { output_index: 0 });
    expect(held.body).toMatchObject({ applied: false });
    expect(usdt(user.id)).toBe(parseAmount('1'));
    expect((await finance2('POST', `/adjustments/${held.body.pending_approval as number}/approve`)).body).toMatchObject({ applied: true });
    expect(usdt(user.id)).toBe(parseAmount('501'));
    expect((await finance2('POST', `/adjustments/${held.body.pending_approval as number}/approve`)).status).toBe(404);
    expect((await admin('GET', `/operator-log?target=adjustment:${held.body.pending_approval as number}`)).body.list).toMatchObject([
      { action: 'deposit.confirm.approve' },
      { action: 'deposit.confirm.request' },
    ]);
  });
});
