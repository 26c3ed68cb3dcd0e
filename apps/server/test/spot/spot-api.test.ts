import { beforeAll, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { registerUser } from '../support/accounts';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

interface Page<T> {
  list: T[];
  total: number;
}
interface OpenOrder {
  id: number;
  price: string;
  number: string;
  surplus: string;
  type: string;
  currency_name: string;
  legal_name: string;
}
interface Deal {
  in: { price: string; number: string; sum: string }[];
  out: { price: string; number: string; sum: string }[];
  last_price: string;
  user_currency: string;
  user_legal: string;
  cny_price: string;
}

const BTC_USDT = { legal_id: 3, currency_id: 1 };

describeEachDatabase('spot API', (kind) => {
  let seller: { token: string; id: number };
  let buyer: { token: string; id: number };

  const { app, api } = useTestApp(kind, { audit: true, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  beforeAll(async () => {
    seller = await registerUser(api, 'seller@example.com');
    buyer = await registerUser(api, 'buyer@example.com');
    for (const user of [seller, buyer]) {
      for (const [currencyId, amount] of [[3, '100000'], [1, '2']] as const) {
        await app.core.execute({ kind: 'adjust', key: `fund-${user.id}-${currencyId}`, userId: user.id, currencyId, wallet: 'change', amount: parseAmount(amount), reason: 'adjustment', reference: 'test' });
      }
    }
  });

  it('places a limit sell, shows it in the book, the open orders and the balances', async () => {
    const placed = await api.post('transaction/out', { ...BTC_USDT, price: '60000', num: '0.5', mode: 2 }, { token: seller.token });
    expect(placed.body).toMatchObject({ type: 'ok', message: 'operation ok', order_id: expect.any(Number) });
    const open = await api.post<Page<OpenOrder>>('transaction_out', { currency_id: 1 }, { token: seller.token });
    expect(open.body.message.list).toHaveLength(1);
    expect(open.body.message.list[0]).toMatchObject({ price: '60000.00', number: '0.500000', surplus: '0.500000', type: 'out', currency_name: 'BTC', legal_name: 'USDT' });
    const deal = await api.post<Deal>('transaction/deal', BTC_USDT, { token: seller.token });
    expect(deal.body.message.out).toEqual([{ price: '60000.00', number: '0.500000', sum: '30000' }]);
    expect(deal.body.message.user_currency).toBe('1.50000000');
  });

  it('fills a buy against it: trade history, completed lists, last price and CNY value', async () => {
    const bought = await api.post('transaction/in', { ...BTC_USDT, price: '60000', num: '0.2' }, { token: buyer.token });
    expect(bought.body.type).toBe('ok');
    const complete = await api.post<Page<{ way: number; type: string; price: string; number: string; in_fee: string; role: string }>>(
      'transaction_complete',
      { currency_id: 1 },
      { token: buyer.token },
    );
    expect(complete.body.message.list[0]).toMatchObject({ way: 2, type: 'in', price: '60000.00', number: '0.200000', in_fee: '0.0004', role: 'taker' });
    const sellerSide = await api.post<Page<{ way: number; out_fee: string; role: string }>>('transaction_complete', { lever: 0 }, { token: seller.token });
    expect(sellerSide.body.message.list[0]).toMatchObject({ way: 1, out_fee: '12', role: 'maker' });
    const deal = await api.post<Deal>('transaction/deal', BTC_USDT, { token: buyer.token });
    expect(deal.body.message.last_price).toBe('60000.00');
    expect(deal.body.message.out[0]?.number).toBe('0.300000');
    const [cny] = await app.db.query<{ rate: string }>(`select usdt_rate::text as rate from fiat_currencies where name = 'CNY'`);
    const expected = (parseAmount('60000') * parseAmount(cny?.rate ?? '0')) / 10n ** 18n;
    expect(parseAmount(deal.body.message.cny_price)).toBe((expected / 10n ** 16n) * 10n ** 16n);
  });

  it('shows visitors the book with zero balances, and refuses a dead token', async () => {
    const visitor = await api.post<Deal>('transaction/deal', BTC_USDT);
    expect(visitor.body.type).toBe('ok');
    expect(visitor.body.message.out.length).toBeGreaterThan(0);
    expect(visitor.body.message).toMatchObject({ user_currency: '0.00000000', user_legal: '0.00000000' });
    expect((await api.post('transaction/deal', BTC_USDT, { token: 'expired-token' })).body.type).toBe('999');
  });

  it('revokes an own order only, releasing its funds', async () => {
    const open = await api.post<Page<OpenOrder>>('transaction_out', {}, { token: seller.token });
    const id = open.body.message.list[0]?.id ?? 0;
    expect((await api.post('transaction_del', { id, type: 'out' }, { token: buyer.token })).body).toEqual({ type: 'error', message: 'not your order' });
    expect((await api.post('transaction_del', { id, type: 'out' }, { token: seller.token })).body.type).toBe('ok');
    expect((await api.post('transaction_del', { id, type: 'out' }, { token: seller.token })).body).toEqual({ type: 'error', message: 'order not found' });
    const deal = await api.post<Deal>('transaction/deal', BTC_USDT, { token: seller.token });
    expect(deal.body.message.user_currency).toBe('1.80000000');
  });

  it('refuses every bad order with its message key, changing nothing', async () => {
    const order = (fields: Record<string, string | number>) => api.post<string>('transaction/in', { ...BTC_USDT, ...fields }, { token: buyer.token });
    expect((await order({ num: '1' })).body.message).toBe('enter price');
    expect((await order({ price: '60000' })).body.message).toBe('enter number');
    expect((await order({ price: '0', num: '1' })).body.message).toBe('price must be greater than zero');
    expect((await order({ price: '-5', num: '1' })).body.message).toBe('price must be greater than zero');
    expect((await order({ price: '60000', num: '0' })).body.message).toBe('number must be greater than zero');
    expect((await order({ price: 'abc', num: '1' })).body.message).toBe('parameter error');
    expect((await order({ price: '1e5', num: '1' })).body.message).toBe('parameter error');
    expect((await order({ price: '60000', num: '1000' })).body.message).toBe('insufficient balance');
    expect((await order({ price: '60000', num: '1', mode: 3 })).body.message).toBe('parameter error');
    expect((await order({ num: '0.1', mode: 1, legal_id: 3, currency_id: 2 })).body.message).toBe('no market price');
    expect((await api.post('transaction/in', { legal_id: 3, currency_id: 999, price: '1', num: '1' }, { token: buyer.token })).body.message).toBe('pair not found');
    expect((await api.post('transaction/in', { ...BTC_USDT, price: '1', num: '1' })).body.type).toBe('999');
  });

  it('never overdraws under 1,000 conflicting orders from many connections', async () => {
    const trader = await registerUser(api, 'racer@example.com');
    await app.core.execute({ kind: 'adjust', key: 'fund-racer', userId: trader.id, currencyId: 3, wallet: 'change', amount: parseAmount('1000'), reason: 'adjustment', reference: 'test' });
    // over real sockets: the HTTP client opens a connection per request still waiting
    const base = await app.http.listen({ port: 0, host: '127.0.0.1' });
    const place = async () => {
      const response = await fetch(`${base}/api/transaction/in`, {
        method: 'POST',
        headers: { authorization: trader.token, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ legal_id: '3', currency_id: '1', price: '100', num: '0.5' }).toString(),
      });
      return (await response.json()) as { type: string; message: unknown };
    };
    // each order locks 50 USDT: 1,000 USDT covers 20 of them
    const replies = await Promise.all(Array.from({ length: 1000 }, place));
    const others = replies.filter((reply) => reply.type !== 'ok' && reply.message !== 'insufficient balance');
    expect(others).toEqual([]);
    expect(replies.filter((reply) => reply.type === 'ok')).toHaveLength(20);
    expect(replies.filter((reply) => reply.message === 'insufficient balance')).toHaveLength(980);
    const deal = await api.post<Deal>('transaction/deal', BTC_USDT, { token: trader.token });
    expect(deal.body.message.user_legal).toBe('0.00000000');
    expect(app.core.read.balance({ userId: trader.id, currencyId: 3, wallet: 'change' })).toEqual({ available: 0n, locked: parseAmount('1000') });
  });
});
