import { beforeAll, expect, it } from 'vitest';
import { multipartBody, TINY_PNG } from '../support/multipart';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';
import { trader, USDT, type Trader } from '../c2c/support';

/** Numbers at and past what a NUMERIC(38,18) column holds, as text and as JSON numbers. */
const EXTREMES: (string | number)[] = [
  '99999999999999999999',
  '99999999999999999999.9999',
  '100000000000000000000',
  '340282366920938463463374607431768211456',
  '-99999999999999999999',
  '0.000000000000000001',
  '1e308',
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
];

/**
 * The fuzz suite's additions of the second security review: multipart bodies that are truncated,
 * name a wrong boundary or carry oversize parts, and c2c, acceptor and payment payloads with
 * extreme numbers, each sent while other users' transfers run. No reply is a server fault, and
 * no batch fails: every transfer sent alongside applies.
 */
describeEachDatabase('fuzz: multipart bodies and extreme numbers in money payloads', (kind) => {
  let seller: Trader;
  let bystander: Trader;
  let transfers = 0;

  const { app, api } = useTestApp(kind, { audit: true, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  beforeAll(async () => {
    seller = await trader(app, api, 'extreme-seller@example.com', { usdt: '1000' });
    bystander = await trader(app, api, 'extreme-bystander@example.com', { usdt: '1000' });
    expect((await api.post('c2c_send', { type: 'sell', currency_id: USDT, price: '7', total_number: '100', way: 'bank' }, { token: seller.token })).body.type).toBe('ok');
  }, 180_000);

  /** Sends a request together with a bystander's transfer: the request must not fault, the transfer must apply. */
  async function alongsideTransfer(send: () => Promise<{ statusCode: number; body: string }>, label: string) {
    const [reply, transfer] = await Promise.all([
      send(),
      api.post('wallet/change', { number: '0.01', currency_id: USDT, from_field: 'legal', to_field: 'change' }, { token: bystander.token }),
    ]);
    transfers += 1;
    expect(reply.statusCode, `${label}: ${reply.body.slice(0, 200)}`).toBeLessThan(500);
    expect(transfer.body, label).toEqual({ type: 'ok', message: 'operation ok' });
  }

  it('answers extreme numbers in c2c, acceptor and payment payloads without a fault or a failed batch', async () => {
    const post = (path: string, token: string, fields: Record<string, unknown>) => () =>
      app.http.inject({ method: 'POST', url: `/api/${path}`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify(fields) });
    const adId = (await api.get<{ data: { id: number }[] }>('c2c/seller_trade', {}, { token: seller.token })).body.message.data[0]?.id ?? 0;
    for (const value of EXTREMES) {
      const label = `value ${String(value)}`;
      await alongsideTransfer(post('c2c_send', seller.token, { type: 'sell', currency_id: USDT, price: value, total_number: '1', way: 'bank' }), `c2c_send price ${label}`);
      await alongsideTransfer(post('c2c_send', seller.token, { type: 'buy', currency_id: USDT, price: '99999999999999999999', total_number: value, way: 'bank' }), `c2c_send total ${label}`);
      await alongsideTransfer(post('c2c/do_legal_deal', bystander.token, { id: adId, number: value }), `c2c take ${label}`);
      await alongsideTransfer(post('acceptor/deal', bystander.token, { acceptor_id: 1, type: 'sell', way: 'bank', deal_account: 'x', money: value }), `acceptor deal ${label}`);
      await alongsideTransfer(post('payment/form', bystander.token, { account: 'x', amount: value }), `payment form ${label}`);
      await alongsideTransfer(post('payment/notify', bystander.token, { orderNo: 'P1', orderAmount: value, orderCurrency: 'CNY', customerId: '1', status: 'success', sign: 'a'.repeat(64) }), `payment notify ${label}`);
    }
    // a buy ad priced at the column's edge: taking all of it is refused alone, never a failed batch
    const edge = await api.post('c2c_send', { type: 'buy', currency_id: USDT, price: '99999999999999999999', total_number: '10', way: 'bank' }, { token: seller.token });
    expect(edge.body).toEqual({ type: 'error', message: 'parameter error' });
    expect(transfers).toBeGreaterThan(0);
    expect((await app.http.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers truncated, wrongly bounded and oversize multipart bodies with an envelope', async () => {
    const { contentType, payload } = multipartBody([{ filename: 'a.png', contentType: 'image/png', bytes: TINY_PNG }]);
    const oversize = multipartBody([{ filename: 'big.png', contentType: 'image/png', bytes: Buffer.alloc(6 * 1024 * 1024, 1) }]);
    const many = multipartBody(Array.from({ length: 5 }, (_, index) => ({ filename: `${index}.png`, contentType: 'image/png', bytes: TINY_PNG })));
    const cases: [string, string, Buffer][] = [
      ['truncated', contentType, payload.subarray(0, payload.length - 20)],
      ['cut in the headers', contentType, payload.subarray(0, 40)],
      ['wrong boundary', 'multipart/form-data; boundary=elsewhere', payload],
      ['no boundary', 'multipart/form-data', payload],
      ['oversize part', oversize.contentType, oversize.payload],
      ['too many parts', many.contentType, many.payload],
      ['empty', contentType, Buffer.alloc(0)],
    ];
    for (const [label, type, body] of cases) {
      await alongsideTransfer(
        () => app.http.inject({ method: 'POST', url: '/api/upload', headers: { authorization: `Bearer ${seller.token}`, 'content-type': type }, payload: body }),
        label,
      );
      const reply = await app.http.inject({ method: 'POST', url: '/api/upload', headers: { authorization: `Bearer ${seller.token}`, 'content-type': type }, payload: body });
      expect(reply.json(), label).toMatchObject({ type: 'error' });
    }
  });
});
