import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient } from '../support/client';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';
import { atoms, BTC, key, LeverHarness, USDT } from '../lever/harness';

/**
 * Replies the specification lists fields of that the first implementation left out: the pair's
 * trades in `transaction/deal`, the lever reading of a page-only `transaction_complete`, the
 * candle fields of `new_timeshar` and the entry id of `wallet/list`. (The phone mask is in
 * accounts/region.test.ts, the login wait's lock form in auth/login.test.ts.)
 */
describeEachDatabase('the specification’s remaining wire fields', (kind) => {
  let app: TestApp;
  let api: ReturnType<typeof apiClient>;
  let h: LeverHarness;
  let demo: { token: string; id: number };
  const pair = { legal_id: USDT, currency_id: BTC };

  beforeAll(async () => {
    app = await createTestApp(kind);
    api = apiClient(app);
    h = new LeverHarness(app.db).use(app.core, app.services.indexFeed);
    await h.init();
    await h.markAt('60000');
    const token = await api.login('demo@tessera.example', 'demo1234');
    demo = { token, id: (await api.get<{ id: number }>('user/info', {}, { token })).body.message.id };
    // one BTC/USDT trade between the two makers
    await app.core.execute({ kind: 'spot_place', key: key('gap'), userId: h.makers[1], pairId: h.pairId, side: 'sell', type: 'limit', quantity: atoms('0.002'), price: atoms('60100') });
    await app.core.execute({ kind: 'spot_place', key: key('gap'), userId: h.makers[0], pairId: h.pairId, side: 'buy', type: 'limit', quantity: atoms('0.002'), price: atoms('60100') });
    await h.settle();
  });
  afterAll(async () => {
    await app.close();
  });

  it('12. transaction/deal carries complete: the pair’s newest trades, newest first', async () => {
    const deal = await api.post<{ complete: { price: string; number: string; way: string; time: string }[] }>('transaction/deal', pair);
    expect(deal.body.type).toBe('ok');
    expect(deal.body.message.complete[0]).toMatchObject({ price: '60100.00', number: '0.002000', way: 'buy', time: expect.stringMatching(/^\d\d:\d\d:\d\d$/) });
    const history = await api.get<unknown[]>('currency/new_tradehistory', pair);
    expect(deal.body.message.complete).toEqual(history.body.message);
  });

  it('13. transaction_complete with a page only answers the caller’s closed lever trades; with a pair, spot fills', async () => {
    await h.fund(demo.id, 'lever', '1000');
    const opened = await api.post<string>('lever/submit', { ...pair, multiple: 10, share: 1, type: 1, status: 1 }, { token: demo.token });
    expect(opened.body.type).toBe('ok');
    const id = Number(opened.body.id);
    expect((await api.post('lever/close', { id }, { token: demo.token })).body.type).toBe('ok');
    const lever = await api.post<{ list: { id: number; status: number; symbol: string }[] }>('transaction_complete', { page: 1 }, { token: demo.token });
    expect(lever.body.message.list[0]).toMatchObject({ id, status: 3, symbol: 'BTC/USDT' });
    const spot = await api.post<{ list: { id: number }[] }>('transaction_complete', { page: 1, currency_id: BTC }, { token: demo.token });
    expect(spot.body.type).toBe('ok');
    expect(spot.body.message.list.every((fill) => !('symbol' in fill))).toBe(true);
  });

  it('14. new_timeshar bars carry period, change and symbol', async () => {
    const reply = await api.get<never>('currency/new_timeshar', { symbol: 'BTC/USDT', period: '1min' });
    const body = reply.body as unknown as { code: number; data: { period: string; change: string; symbol: string; open: string; close: string }[] };
    expect(body.code).toBe(1);
    const bar = body.data.at(-1);
    expect(bar).toMatchObject({ period: '1min', symbol: 'BTC/USDT', change: expect.stringMatching(/^[+-]?\d+\.\d{2}$/) });
    const daily = (await api.get<never>('currency/new_timeshar', { symbol: 'BTCUSDT', period: '1D' })).body as unknown as typeof body;
    expect(daily.data.at(-1)?.period).toBe('1day');
  });

  it('15. wallet/list micro_wallet.balance items carry id', async () => {
    const list = await api.post<{ micro_wallet: { balance: { id: number; currency: number; is_micro: number; micro_balance: string; currency_name: string }[] } }>('wallet/list', {}, { token: demo.token });
    const items = list.body.message.micro_wallet.balance;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item).toMatchObject({ id: item.currency, is_micro: 1, micro_balance: expect.any(String), currency_name: expect.any(String) });
  });
});
