import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import { newCommandKey } from '../../src/core/command-key';
import { operatorCall, operatorToken, registerUser } from '../support/accounts';
import { apiClient } from '../support/client';
import { manualClock } from '../support/clock';
import { createReopenableApp } from '../support/reopenable-app';
import { describeEachDatabase, type TestApp } from '../support/test-app';

const BTC = 1;
const USDT = 3;
const BTC_USDT = { legal_id: USDT, currency_id: BTC };
const PASSWORD = 'operator-password-1';

interface QuotationItem {
  id: number;
  is_display: number;
  price_precision: number;
  quantity_precision: number;
  spread: string;
}
interface PairRow {
  is_display: boolean;
  price_precision: number;
  quantity_precision: number;
  maker_fee: string;
  taker_fee: string;
  spread: string;
}

/**
 * An operator's change of a pair (`PUT /admin/api/markets/pairs/:id`) is a command of the core's
 * spot kind: the next order and trade follow it, without a restart, and it survives one.
 */
describeEachDatabase('pair settings take effect live', (kind) => {
  const time = manualClock();
  let reopenable: Awaited<ReturnType<typeof createReopenableApp>>;
  let app: TestApp;
  let api: ReturnType<typeof apiClient>;
  let admin: ReturnType<typeof operatorCall>;
  let seller: { token: string; id: number };
  let buyer: { token: string; id: number };
  let pairId: number;

  const pairRow = async () => {
    const [row] = await app.db.query<PairRow>(
      `select is_display, price_precision, quantity_precision, maker_fee::text, taker_fee::text, spread::text from currency_pairs where id = $1`,
      [pairId],
    );
    return row;
  };
  const quotation = async (): Promise<QuotationItem | undefined> => {
    const groups = (await api.get<{ quotation: QuotationItem[] }[]>('currency/quotation_new')).body.message;
    return groups.flatMap((group) => group.quotation).find((item) => item.id === pairId);
  };
  const balance = (userId: number, currencyId: number) => formatAmount(app.core.read.balance({ userId, currencyId, wallet: 'change' }).available);
  const pairLog = async () => (await admin('GET', `/operator-log?target=pair:${pairId}`)).body as { total: number; list: { before: PairRow; after: PairRow }[] };
  const sell = (price: string, num: string) => api.post<string>('transaction/out', { ...BTC_USDT, price, num, mode: 2 }, { token: seller.token });
  const openSells = async () => (await api.post<{ list: { id: number }[] }>('transaction_out', { currency_id: BTC }, { token: seller.token })).body.message.list;
  const cancelAll = async () => {
    for (const order of await openSells()) expect((await api.post('transaction_del', { id: order.id, type: 'out' }, { token: seller.token })).body.type).toBe('ok');
  };

  beforeAll(async () => {
    reopenable = await createReopenableApp(kind, time.clock);
    app = reopenable.app;
    api = apiClient(app);
    admin = operatorCall(app, await operatorToken(app));
    seller = await registerUser(api, 'pair-seller@example.com');
    buyer = await registerUser(api, 'pair-buyer@example.com');
    for (const user of [seller, buyer]) {
      for (const [currencyId, amount] of [[USDT, '100000'], [BTC, '10']] as const) {
        await app.core.execute({ kind: 'adjust', key: newCommandKey('fund'), userId: user.id, currencyId, wallet: 'change', amount: parseAmount(amount), reason: 'adjustment', reference: 'test' });
      }
    }
    const [pair] = await app.db.query<{ id: number }>('select id from currency_pairs where currency_id = $1 and legal_id = $2', [BTC, USDT]);
    pairId = pair?.id ?? 0;
  });
  afterAll(async () => {
    expect((await runAudit(app.db)).ok).toBe(true);
    await reopenable.close();
  });

  it('charges the new fees on the next trade, without a restart, and logs them before and after', async () => {
    expect(app.core.read.pair(pairId)?.takerFee).toBe(parseAmount('0.002'));
    expect((await admin('PUT', `/markets/pairs/${pairId}`, { taker_fee: '0.005', maker_fee: '0.0015' })).status).toBe(200);
    expect(app.core.read.pair(pairId)).toMatchObject({ takerFee: parseAmount('0.005'), makerFee: parseAmount('0.0015') });

    const [sellerUsdt, buyerBtc] = [balance(seller.id, USDT), balance(buyer.id, BTC)];
    expect((await sell('100', '1')).body.type).toBe('ok');
    expect((await api.post('transaction/in', { ...BTC_USDT, price: '100', num: '1' }, { token: buyer.token })).body.type).toBe('ok');
    // the buyer took: 0.5 % of the BTC it receives; the seller made: 0.15 % of the USDT
    expect(parseAmount(balance(buyer.id, BTC)) - parseAmount(buyerBtc)).toBe(parseAmount('0.995'));
    expect(parseAmount(balance(seller.id, USDT)) - parseAmount(sellerUsdt)).toBe(parseAmount('99.85'));
    const [trade] = await app.db.query<{ buyer_fee: string; seller_fee: string }>('select buyer_fee::text, seller_fee::text from spot_trades where pair_id = $1 order by id desc limit 1', [pairId]);
    expect({ buyer: formatAmount(parseAmount(trade?.buyer_fee ?? '0')), seller: formatAmount(parseAmount(trade?.seller_fee ?? '0')) }).toEqual({ buyer: '0.005', seller: '0.15' });

    // the core wrote the row with the batch; the log keeps what the pair was and became
    expect(await pairRow()).toMatchObject({ taker_fee: '0.005000', maker_fee: '0.001500' });
    const log = await pairLog();
    expect(log.list[0]).toMatchObject({ before: { taker_fee: '0.002000', maker_fee: '0.001000' }, after: { taker_fee: '0.005000', maker_fee: '0.001500' } });
  });

  it('refuses a precision change while the book holds an order, and changes nothing of the request', async () => {
    expect((await sell('200', '0.5')).body.type).toBe('ok');
    const [row, logged] = [await pairRow(), (await pairLog()).total];
    const refused = await admin('PUT', `/markets/pairs/${pairId}`, { price_precision: 4, taker_fee: '0.003', market_maker: false });
    expect(refused).toEqual({ status: 409, body: { error: 'pair has open orders' } });
    expect(app.core.read.pair(pairId)).toMatchObject({ pricePrecision: 2, takerFee: parseAmount('0.005') });
    expect(await pairRow()).toEqual(row);
    expect(app.services.makerSwitches.isOn(pairId)).toBe(true);
    expect((await pairLog()).total).toBe(logged);
    expect((await quotation())?.price_precision).toBe(2);
    await cancelAll();
  });

  it('decides inside the core: an order queued in the same batch as the change comes first, and the change is refused', async () => {
    const order = app.core.execute({ kind: 'spot_place', key: newCommandKey('test'), userId: seller.id, pairId, side: 'sell', type: 'limit', price: parseAmount('200.12'), quantity: parseAmount('0.5') });
    const change = app.core.execute({ kind: 'spot_pair_settings', key: newCommandKey('test'), pairId, changes: { pricePrecision: 4 } });
    const [placed, changed] = await Promise.allSettled([order, change]);
    expect(placed.status).toBe('fulfilled');
    expect(changed).toMatchObject({ status: 'rejected', reason: { key: 'pair has open orders' } });
    // the book still reads the order at its own price: its ticks were not reinterpreted
    expect(app.core.read.depth(pairId, 1).asks).toEqual([{ price: parseAmount('200.12'), quantity: parseAmount('0.5') }]);
    await cancelAll();
  });

  it('changes the precisions on an empty book: the next order uses the new grid, the quotation shows it at once', async () => {
    expect(app.core.read.depth(pairId, 1)).toEqual({ bids: [], asks: [] });
    expect((await admin('PUT', `/markets/pairs/${pairId}`, { price_precision: 4, quantity_precision: 3 })).status).toBe(200);
    expect((await sell('200.12345', '0.001')).body).toEqual({ type: 'error', message: 'parameter error' });
    expect((await sell('200.1234', '0.0001')).body).toEqual({ type: 'error', message: 'parameter error' });
    expect((await sell('200.1234', '0.001')).body.type).toBe('ok');
    expect(app.core.read.depth(pairId, 1).asks).toEqual([{ price: parseAmount('200.1234'), quantity: parseAmount('0.001') }]);
    expect(await quotation()).toMatchObject({ price_precision: 4, quantity_precision: 3 });
    // the last price survives the change of grid: it is kept in atoms
    expect(app.core.read.lastPrice(pairId)).toBe(parseAmount('100'));
    await cancelAll();
  });

  it('hides a pair: new spot, lever and second-contract orders are refused, resting orders may be cancelled; shown again, it trades', async () => {
    expect((await sell('300', '0.1')).body.type).toBe('ok');
    expect((await admin('PUT', `/markets/pairs/${pairId}`, { is_display: false })).status).toBe(200);
    expect((await quotation())?.is_display).toBe(0);
    expect((await api.post('transaction/in', { ...BTC_USDT, price: '300', num: '0.1' }, { token: buyer.token })).body).toEqual({ type: 'error', message: 'pair not enabled' });
    expect((await api.post('lever/submit', { ...BTC_USDT, multiple: 10, share: 1, type: 1, status: 1 }, { token: buyer.token })).body).toEqual({
      type: 'error',
      message: 'pair missing or not enabled',
    });
    expect((await api.post('microtrade/submit', { match_id: pairId, currency_id: USDT, type: 1, seconds: 30, number: '100' }, { token: buyer.token })).body).toEqual({
      type: 'error',
      message: 'second contracts are not open for this pair',
    });
    await cancelAll();

    expect((await admin('PUT', `/markets/pairs/${pairId}`, { is_display: true })).status).toBe(200);
    expect((await quotation())?.is_display).toBe(1);
    expect((await sell('300', '0.1')).body.type).toBe('ok');
    await cancelAll();
  });

  it('writes a lever change and a spot change of one pair made in the same batch, both', async () => {
    await Promise.all([
      app.core.execute({ kind: 'lever_pair_settings', key: newCommandKey('test'), pairId, changes: { spread: parseAmount('0.75') } }),
      app.core.execute({ kind: 'spot_pair_settings', key: newCommandKey('test'), pairId, changes: { makerFee: parseAmount('0.0012') } }),
    ]);
    expect(await pairRow()).toMatchObject({ maker_fee: '0.001200', spread: '0.750000000000000000' });
    expect((await quotation())?.spread).toBe('0.75');
  });

  it('refuses a reviewer, changing nothing', async () => {
    expect((await admin('POST', '/operators', { email: 'pairs-reviewer@ops.example', password: PASSWORD, role: 'reviewer' })).status).toBe(200);
    const login = await app.http.inject({ method: 'POST', url: '/admin/api/login', payload: { email: 'pairs-reviewer@ops.example', password: PASSWORD } });
    const reviewer = operatorCall(app, login.json<{ token: string }>().token);
    const row = await pairRow();
    expect(await reviewer('PUT', `/markets/pairs/${pairId}`, { taker_fee: '0.009', is_display: false })).toEqual({ status: 403, body: { error: 'operator role not allowed' } });
    expect(await pairRow()).toEqual(row);
    expect(app.core.read.pair(pairId)).toMatchObject({ takerFee: parseAmount('0.005'), enabled: true });
    expect((await reviewer('GET', '/markets/pairs')).status).toBe(200);
  });

  it('keeps every setting across a restart of the core', async () => {
    app = await reopenable.restart();
    api = apiClient(app);
    expect(app.core.read.pair(pairId)).toMatchObject({
      enabled: true,
      pricePrecision: 4,
      quantityPrecision: 3,
      makerFee: parseAmount('0.0012'),
      takerFee: parseAmount('0.005'),
    });
    expect(app.core.read.leverPair(pairId)?.spread).toBe(parseAmount('0.75'));
    expect(await quotation()).toMatchObject({ is_display: 1, price_precision: 4, quantity_precision: 3, spread: '0.75' });
    expect((await sell('200.1234', '0.001')).body.type).toBe('ok');
    await cancelAll();
  });
});
