import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import { PaymentRepository } from '../../src/modules/payments/repository';
import { PaymentService } from '../../src/modules/payments/service';
import { signFields, verifyFields } from '../../src/modules/payments/signature';
import { UserRepository } from '../../src/modules/users/repository';
import { ChainGate } from '../../src/modules/wallets/chain-gate';
import { apiClient } from '../support/client';
import { registerUser } from '../support/accounts';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

interface Form {
  action: string;
  method: string;
  credit: string;
  credit_currency: string;
  fields: Record<string, string>;
}

const GATEWAY_KEY = 'k'.repeat(40);

describeEachDatabase('card payments through a gateway', (kind) => {
  let dev: TestApp;
  let live: TestApp;

  beforeAll(async () => {
    dev = await createTestApp(kind);
    live = await createTestApp(kind, { env: { PAYMENT_GATEWAY_URL: 'https://pay.example.com/gateway', PAYMENT_GATEWAY_KEY: GATEWAY_KEY, SITE_URL: 'https://tessera.example/' } });
  }, 180_000);
  afterAll(async () => {
    await dev.close();
    await live.close();
  });

  const formOf = async (app: TestApp, token: string, fields: Record<string, string>, lang?: string) =>
    (await apiClient(app).post<Form>('payment/form', fields, { token, ...(lang ? { lang } : {}) })).body;
  const post = (app: TestApp, url: string, fields: Record<string, string>, remoteAddress = '127.0.0.1') =>
    app.http.inject({ method: 'POST', url, remoteAddress, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
  const usdt = (app: TestApp, userId: number) => app.core.read.balance({ userId, currencyId: 3, wallet: 'change' }).available;

  it('signs with HMAC-SHA256 over the sorted fields, and verifies in constant time', () => {
    const fields = { orderNo: 'P1', orderAmount: '100.00', orderCurrency: 'CNY', customerId: '7', signType: 'HMAC-SHA256' };
    const sign = signFields(fields, GATEWAY_KEY, 'payment-callback');
    expect(sign).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyFields({ ...fields, sign }, GATEWAY_KEY, 'payment-callback')).toBe(true);
    expect(verifyFields({ ...fields, orderAmount: '1000.00', sign }, GATEWAY_KEY, 'payment-callback')).toBe(false);
    expect(verifyFields({ ...fields, sign }, 'x'.repeat(40), 'payment-callback')).toBe(false);
    expect(verifyFields({ ...fields, sign: sign.toUpperCase() }, GATEWAY_KEY, 'payment-callback')).toBe(false);
    expect(verifyFields({ ...fields, sign: 'short' }, GATEWAY_KEY, 'payment-callback')).toBe(false);
    // a form's signature is never a callback's
    expect(verifyFields({ ...fields, sign }, GATEWAY_KEY, 'payment-form')).toBe(false);
  });

  it('signs a text that reads one way only: a value cannot carry another field', () => {
    const smuggled = { orderNo: 'P1', notifyUrl: 'http://x&status=success&zz=/api/payment/notify' };
    const split = { orderNo: 'P1', notifyUrl: 'http://x', status: 'success', zz: '/api/payment/notify' };
    expect(signFields(smuggled, GATEWAY_KEY, 'payment-form')).not.toBe(signFields(split, GATEWAY_KEY, 'payment-form'));
    expect(signFields({ a: 'b\n"c":"d' }, GATEWAY_KEY, 'payment-form')).not.toBe(signFields({ a: 'b', c: 'd' }, GATEWAY_KEY, 'payment-form'));
    // an empty value is signed too: dropping it is not the same message
    expect(signFields({ a: '', b: '1' }, GATEWAY_KEY, 'payment-form')).not.toBe(signFields({ b: '1' }, GATEWAY_KEY, 'payment-form'));
  });

  it('a forged Host cannot turn the form’s signature into a paid callback (the review’s probe)', async () => {
    const api = apiClient(live);
    const user = await registerUser(api, 'payer-host@example.com');
    const reply = await live.http.inject({
      method: 'POST',
      url: '/api/payment/form',
      headers: { host: 'x&status=success&zz=', authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: { account: 'payer-host', amount: '1000000' },
    });
    const form = (reply.json() as { message: Form }).message;
    // the addresses come from the settings, never from the Host header
    expect(form.fields.notifyUrl).toBe('https://tessera.example/api/payment/notify');
    expect(form.fields.returnUrl).toBe('https://tessera.example/success');
    expect(JSON.stringify(form.fields)).not.toContain('status=success');
    // the form's own signed fields, replayed as a callback, are refused: other purpose, unknown fields
    expect((await api.post('payment/notify', form.fields)).body).toEqual({ type: 'error', message: 'parameter error' });
    const { notifyUrl: _n, returnUrl: _r, ...rest } = form.fields;
    expect((await api.post('payment/notify', { ...rest, status: 'success' })).body).toEqual({ type: 'error', message: 'payment signature is not valid' });
    expect(usdt(live, user.id)).toBe(0n);
  });

  it('accepts only the gateway’s callback fields, and credits one order once for its amount', async () => {
    const api = apiClient(live);
    const user = await registerUser(api, 'payer-once@example.com');
    const form = ((await formOf(live, user.token, { account: 'payer-once', amount: '50' })) as { message: Form }).message;
    const callback = { orderNo: form.fields.orderNo!, orderAmount: '50.00', orderCurrency: 'CNY', customerId: String(user.id), status: 'success', tradeNo: 'T1', signType: 'HMAC-SHA256' };
    const extra = { ...callback, bonus: '1' };
    expect((await api.post('payment/notify', { ...extra, sign: signFields(extra, GATEWAY_KEY, 'payment-callback') })).body).toEqual({ type: 'error', message: 'parameter error' });
    expect(usdt(live, user.id)).toBe(0n);
    const first = { ...callback, sign: signFields(callback, GATEWAY_KEY, 'payment-callback') };
    const second = { ...callback, tradeNo: 'T2' };
    expect((await api.post('payment/notify', first)).body).toEqual({ type: 'ok', message: 'success' });
    expect((await api.post('payment/notify', { ...second, sign: signFields(second, GATEWAY_KEY, 'payment-callback') })).body).toEqual({ type: 'ok', message: 'success' });
    expect(usdt(live, user.id)).toBe(parseAmount(form.credit));
  });

  it('refuses a bad payment form with a translated message, and opens no order', async () => {
    const user = await registerUser(apiClient(dev), 'payer-a@example.com');
    const refusals: [Record<string, string>, string][] = [
      [{ amount: '100' }, 'enter account'],
      [{ account: 'me' }, 'enter amount'],
      [{ account: 'me', amount: '0' }, 'amount must be greater than zero'],
      [{ account: 'me', amount: '1.234' }, 'parameter error'],
      [{ account: 'me', amount: 'ten' }, 'parameter error'],
      [{ account: 'me', amount: '2000000' }, 'amount above maximum'],
    ];
    for (const [fields, message] of refusals) expect(await formOf(dev, user.token, fields), message).toEqual({ type: 'error', message });
    expect(await formOf(dev, user.token, { amount: '100' }, 'jp')).toEqual({ type: 'error', message: 'アカウントを入力してください' });
    const [orders] = await dev.db.query<{ n: number }>('select count(*)::int as n from payment_orders');
    expect(orders!.n).toBe(0);
  });

  it('the development gateway completes a payment: the signed callback credits the order once', async () => {
    const user = await registerUser(apiClient(dev), 'payer-b@example.com');
    const reply = await formOf(dev, user.token, { account: 'payer-b', amount: '720' });
    expect(reply.type).toBe('ok');
    const form = (reply as { message: Form }).message;
    expect(form).toMatchObject({ action: '/api/dev/payment-gateway', method: 'POST', credit_currency: 'USDT' });
    expect(form.fields).toMatchObject({ orderCurrency: 'CNY', orderAmount: '720.00', customerId: String(user.id), signType: 'HMAC-SHA256' });
    expect(form.fields.sign).toMatch(/^[0-9a-f]{64}$/);
    expect(form.fields.notifyUrl).toMatch(/\/api\/payment\/notify$/);

    const gatewayPage = await post(dev, '/api/dev/payment-gateway', form.fields);
    expect(gatewayPage.headers['content-type']).toMatch(/text\/html/);
    expect(gatewayPage.body).toContain(form.fields.orderNo);
    // another machine does not reach the development gateway
    expect((await post(dev, '/api/dev/payment-gateway/pay', form.fields, '203.0.113.9')).statusCode).toBe(404);
    expect(usdt(dev, user.id)).toBe(0n);

    const tampered = await post(dev, '/api/dev/payment-gateway/pay', { ...form.fields, orderAmount: '7200.00' });
    expect(tampered.body).toContain('payment signature is not valid');
    expect(usdt(dev, user.id)).toBe(0n);

    const paid = await post(dev, '/api/dev/payment-gateway/pay', form.fields);
    expect(paid.body).toContain('Payment complete');
    expect(usdt(dev, user.id)).toBe(parseAmount(form.credit));
    expect(parseAmount(form.credit)).toBeGreaterThan(0n);
    const again = await post(dev, '/api/dev/payment-gateway/pay', form.fields);
    expect(again.body).toContain('already paid');
    expect(usdt(dev, user.id)).toBe(parseAmount(form.credit));
    expect((await runAudit(dev.db)).ok).toBe(true);
  });

  it('a configured gateway: the form posts to it, and only its correctly signed callback credits', async () => {
    const api = apiClient(live);
    const user = await registerUser(api, 'payer-c@example.com');
    const form = ((await formOf(live, user.token, { account: 'payer-c', amount: '100' })) as { message: Form }).message;
    expect(form.action).toBe('https://pay.example.com/gateway');
    expect(verifyFields(form.fields, GATEWAY_KEY, 'payment-form')).toBe(true);
    const callback = { orderNo: form.fields.orderNo!, orderAmount: '100.00', orderCurrency: 'CNY', customerId: String(user.id), status: 'success', signType: 'HMAC-SHA256' };
    const forged = { ...callback, sign: signFields(callback, 'wrong key wrong key wrong key wrong', 'payment-callback') };
    expect((await api.post('payment/notify', forged)).body).toEqual({ type: 'error', message: 'payment signature is not valid' });
    const cheaper = { ...callback, orderAmount: '1.00' };
    expect((await api.post('payment/notify', { ...cheaper, sign: signFields(cheaper, GATEWAY_KEY, 'payment-callback') })).body).toEqual({ type: 'error', message: 'payment amount does not match' });
    const unknown = { ...callback, orderNo: 'P-nope' };
    expect((await api.post('payment/notify', { ...unknown, sign: signFields(unknown, GATEWAY_KEY, 'payment-callback') })).body).toEqual({ type: 'error', message: 'order not found' });
    expect(usdt(live, user.id)).toBe(0n);
    const signed = { ...callback, sign: signFields(callback, GATEWAY_KEY, 'payment-callback') };
    expect((await api.post('payment/notify', signed)).body).toEqual({ type: 'ok', message: 'success' });
    expect((await api.post('payment/notify', signed)).body).toEqual({ type: 'ok', message: 'success' });
    expect(usdt(live, user.id)).toBe(parseAmount(form.credit));
    // a server with a real gateway has no development one: it signs no callback
    expect((await post(live, '/api/dev/payment-gateway/pay', form.fields)).body).toContain('Payment refused');
    expect(usdt(live, user.id)).toBe(parseAmount(form.credit));
  });

  it('refuses every payment without a gateway (production without one)', async () => {
    const gate = new ChainGate(new UserRepository(dev.db), async () => true);
    const service = new PaymentService(dev.core, new PaymentRepository(dev.db), undefined, () => parseAmount('7.2'), gate, () => new Date(), async () => {});
    await expect(service.form(1, { account: 'a', amount: '100' }, { notifyUrl: '', returnUrl: '' })).rejects.toMatchObject({ key: 'payment is not available' });
    await expect(service.callback({ orderNo: 'x' })).rejects.toMatchObject({ key: 'payment is not available' });
  });
});
