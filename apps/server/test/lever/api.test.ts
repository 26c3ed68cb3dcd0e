import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_CATALOGUE, LANGS, type LeverDealReply, type LeverRiskReply, type LeverTradeItem } from '@tessera/protocol';
import { formatAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import { SOCKET_PATH } from '../../src/realtime/gateway';
import { operatorCall, operatorToken } from '../support/accounts';
import { holdTurn } from '../support/held-turn';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';
import { atoms, BTC, key, LeverHarness, USDT } from './harness';

type Page = { data: LeverTradeItem[]; total: number };

describeEachDatabase('lever calls', (kind) => {
  let h: LeverHarness;
  let demo: { token: string; id: number };
  let trader: { token: string; id: number };
  let operator: ReturnType<typeof operatorCall>;
  const pair = { legal_id: USDT, currency_id: BTC };

  const fingerprint = async (userId: number) => ({
    balance: app.core.read.balance({ userId, currencyId: USDT, wallet: 'lever' }),
    rows: (await app.db.query<{ n: number }>('select count(*)::int as n from lever_trades where user_id = $1', [userId]))[0]?.n,
    live: app.core.read.leverTradesOf(userId).length,
  });
  const submit = (token: string, fields: Record<string, string | number>, lang?: string) =>
    api.post<string>('lever/submit', { ...pair, multiple: 10, share: 1, type: 1, status: 1, ...fields }, { token, ...(lang ? { lang } : {}) });
  const myTrades = async (token: string, status: number) => (await api.post<{ message: Page }>('lever/my_trade', { status }, { token })).body.message.message;

  const { app, api } = useTestApp(kind);
  beforeAll(async () => {
    h = new LeverHarness(app.db).use(app.core, app.services.indexFeed);
    await h.init();
    await h.fund(h.house, 'lever', '1000000');
    await h.markAt('60000');
    const login = async (account: string, password: string) => {
      const token = await api.login(account, password);
      return { token, id: (await api.get<{ id: number }>('user/info', {}, { token })).body.message.id };
    };
    demo = await login('demo@tessera.example', 'demo1234');
    trader = await login('trader@tessera.example', 'trader1234');
    for (const user of [demo, trader]) await h.fund(user.id, 'lever', '10000');
    operator = operatorCall(app, await operatorToken(app));
  });

  it('lever/deal gives a visitor the book, the price and the pair’s settings, with zero balances and no orders', async () => {
    const bid = await app.core.execute({ kind: 'spot_place', key: key(), userId: h.makers[0], pairId: h.pairId, side: 'buy', type: 'limit', quantity: atoms('0.01'), price: atoms('59990') });
    const reply = await api.post<LeverDealReply>('lever/deal', pair);
    expect(reply.body.type).toBe('ok');
    expect(reply.body.message).toMatchObject({
      last_price: '60000.00',
      multiple: {
        muit: [5, 10, 20, 50, 100].map((value) => ({ value })),
        share: [1, 5, 10, 20, 50].map((value) => ({ value })),
        muit_list: [5, 10, 20, 50, 100],
        share_list: [1, 5, 10, 20, 50],
      },
      lever_share_limit: { min: 1, max: 1000 },
      user_lever: '0.00000000',
      all_levers: '0.00000000',
      lever_share_num: '0.01',
      spread: '0.5',
      lever_trade_fee: '0.05',
      my_transaction: [],
    });
    expect(reply.body.message.lever_transaction.in[0]?.price).toBe('59990.00');
    if (bid.applied && bid.orderId) await app.core.execute({ kind: 'spot_cancel', key: key(), userId: h.makers[0], orderId: bid.orderId });
    expect((await api.post('lever/deal', { legal_id: USDT, currency_id: 999 })).body).toEqual({ type: 'error', message: 'pair missing or not enabled' });
  });

  it('opens a market long, lists it as holding and in the pair’s positions, and closes it once', async () => {
    const before = app.core.read.balance({ userId: demo.id, currencyId: USDT, wallet: 'lever' });
    const opened = await submit(demo.token, {});
    expect(opened.body.type).toBe('ok');
    const id = Number(opened.body.id);
    const holding = await myTrades(demo.token, 1);
    expect(holding.total).toBe(1);
    expect(holding.data[0]).toMatchObject({ id, type: 1, status: 1, share: 1, multiple: 10, price: '60000.5', origin_price: '60000', caution_money: '60.00050000', trade_fee: '0.30000250', symbol: 'BTC/USDT' });
    const dealAll = await api.post<{ order: Page }>('lever/dealall', pair, { token: demo.token });
    expect(dealAll.body.message.order.data.map((trade) => trade.id)).toEqual([id]);
    expect((await api.post('lever/dealall', pair, { token: trader.token })).body.message).toMatchObject({ order: { data: [], total: 0 } });

    expect((await api.post('lever/close', { id }, { token: trader.token })).body).toEqual({ type: 'error', message: 'data not found' });
    expect((await api.post('lever/close', { id }, { token: demo.token })).body).toEqual({ type: 'ok', message: 'operation ok' });
    expect((await api.post('lever/close', { id }, { token: demo.token })).body).toEqual({ type: 'error', message: 'order already handled' });
    const closed = await myTrades(demo.token, 3);
    expect(closed.data[0]).toMatchObject({ id, status: 3, close_reason: 'manual', update_price: '59999.50', profits: '-0.01000000' });
    const completed = await api.post<{ list: LeverTradeItem[]; total: number }>('transaction_complete', { lever: 1, page: 1 }, { token: demo.token });
    expect(completed.body.message.list.map((trade) => trade.id)).toContain(id);
    // a page only is the lever reading too (the old lever screen); a pair or lever=0 is the spot one
    const pageOnly = await api.post<{ list: LeverTradeItem[]; total: number }>('transaction_complete', { page: 1 }, { token: demo.token });
    expect(pageOnly.body.message.list.map((trade) => trade.id)).toContain(id);
    const spot = await api.post<{ list: { way?: number; id: number }[] }>('transaction_complete', { page: 1, lever: 0 }, { token: demo.token });
    expect(spot.body.type).toBe('ok');
    expect(spot.body.message.list.some((fill) => fill.id === id && fill.way === undefined)).toBe(false);
    const after = app.core.read.balance({ userId: demo.id, currencyId: USDT, wallet: 'lever' });
    expect(after).toEqual({ available: before.available - atoms('0.3000025') - atoms('0.01'), locked: 0n });
  });

  it('a second close of a position while the first is under way is told closing is in progress', async () => {
    const id = Number((await submit(demo.token, {})).body.id);
    // the first close is under way in another process, holding the position's turn
    const first = await holdTurn(app.db, `lever-close:${id}`);
    await expect(app.services.lever.close(demo.id, id)).rejects.toThrow('closing in progress');
    expect(app.core.read.leverTradesOf(demo.id).some((trade) => trade.id === id)).toBe(true);
    await first.release();
    await app.services.lever.close(demo.id, id);
    expect(app.core.read.leverTradesOf(demo.id).some((trade) => trade.id === id)).toBe(false);
  });

  describe('refusals change nothing', () => {
    const refusals: [string, Record<string, string | number>, string][] = [
      ['hands not a whole number', { share: '1.5' }, 'hands must be a positive integer'],
      ['hands zero', { share: '0' }, 'hands must be a positive integer'],
      ['hands missing', { share: '' }, 'hands must be a positive integer'],
      ['hands above the maximum', { share: 1001 }, 'lots above the maximum: 1000'],
      ['multiple not offered', { multiple: 7 }, 'multiple out of range'],
      ['multiple missing', { multiple: '' }, 'multiple out of range'],
      ['pair missing', { currency_id: 999 }, 'pair missing or not enabled'],
      ['pair not open for leverage (ETC)', { currency_id: 10 }, 'pair missing or not enabled'],
      ['limit long above the current price', { status: 0, target_price: '60010' }, 'limit price rules'],
      ['limit short below the current price', { status: 0, type: 2, target_price: '59990' }, 'limit price rules'],
      ['limit price finer than the pair’s ticks', { status: 0, target_price: '59000.001' }, 'limit price rules'],
      ['limit price missing', { status: 0, target_price: '' }, 'enter price'],
      // 900 hands × 600.005 = 540004.5: margin 108000.9 and fee 270.00225, plus what keeps the
      // risk rate above 110 % (10 % of the margin and the spread's 9): 119079.99225, rounded up
      ['more than the balance', { multiple: 5, share: 900 }, 'insufficient balance, needed: 119079.99225001'],
    ];
    for (const [name, fields, message] of refusals) {
      it(`refuses ${name}`, async () => {
        const before = await fingerprint(trader.id);
        expect((await submit(trader.token, fields)).body).toEqual({ type: 'error', message });
        expect(await fingerprint(trader.id)).toEqual(before);
      });
    }

    it('refuses new positions and limit orders, and closes, while the index is stale, and takes them again once it is fresh', async () => {
      const held = Number((await submit(trader.token, {})).body.id);
      const before = await fingerprint(trader.id);
      // the feed stops: five seconds later the index is stale
      app.services.indexFeed.stop();
      await expect.poll(() => app.core.read.index(h.pairId)?.stale, { timeout: 15_000, interval: 200 }).toBe(true);
      expect((await submit(trader.token, {})).body).toEqual({ type: 'error', message: 'the index price is unavailable now' });
      expect((await submit(trader.token, { status: 0, target_price: '59000' })).body).toEqual({ type: 'error', message: 'the index price is unavailable now' });
      expect((await submit(trader.token, {}, 'zh')).body).toEqual({ type: 'error', message: MESSAGE_CATALOGUE.zh['the index price is unavailable now'] });
      expect((await api.post('lever/close', { id: held }, { token: trader.token })).body).toEqual({ type: 'error', message: 'closing waits for the index price' });
      expect(await fingerprint(trader.id)).toEqual(before);
      const index = await api.get<{ stale: number }>('currency/index_price', { legal_id: USDT, currency_id: BTC });
      expect(index.body.message.stale).toBe(1);
      await app.services.indexFeed.start();
      await expect.poll(() => app.core.read.index(h.pairId)?.stale, { timeout: 15_000, interval: 200 }).toBe(false);
      expect((await api.post('lever/close', { id: held }, { token: trader.token })).body).toEqual({ type: 'ok', message: 'operation ok' });
    });

    it('refuses hands below the pair’s minimum, with the minimum, translated in every language', async () => {
      expect((await operator('PUT', `/lever/pairs/${h.pairId}`, { hands_min: 2 })).status).toBe(200);
      const before = await fingerprint(trader.id);
      expect((await submit(trader.token, { share: 1 })).body).toEqual({ type: 'error', message: 'lots below the minimum: 2' });
      expect((await submit(trader.token, { share: 1 }, 'zh')).body).toEqual({ type: 'error', message: '手数低于最小值 2' });
      expect((await submit(trader.token, { share: 1 }, 'en')).body).toEqual({ type: 'error', message: 'The number of hands is lower than the minimum of 2' });
      expect(await fingerprint(trader.id)).toEqual(before);
      await operator('PUT', `/lever/pairs/${h.pairId}`, { hands_min: 1 });
    });

    it('refuses positions and pending orders beyond the pair’s maximums', async () => {
      await operator('PUT', `/lever/pairs/${h.pairId}`, { max_positions: 1, max_pending: 1 });
      expect((await submit(trader.token, {})).body.type).toBe('ok');
      let before = await fingerprint(trader.id);
      expect((await submit(trader.token, {})).body).toEqual({ type: 'error', message: 'maximum positions exceeded' });
      expect(await fingerprint(trader.id)).toEqual(before);
      expect((await submit(trader.token, { status: 0, target_price: '50000' })).body.type).toBe('ok');
      before = await fingerprint(trader.id);
      expect((await submit(trader.token, { status: 0, target_price: '50000' })).body).toEqual({ type: 'error', message: 'maximum pending orders exceeded' });
      expect(await fingerprint(trader.id)).toEqual(before);
      await operator('PUT', `/lever/pairs/${h.pairId}`, { max_positions: 50, max_pending: 20 });
      expect((await api.post('lever/batch_close', { type: 0 }, { token: trader.token })).body.type).toBe('ok');
      for (const trade of app.core.read.leverTradesOf(trader.id)) await api.post('lever/cancel', { id: trade.id }, { token: trader.token });
      expect(app.core.read.leverTradesOf(trader.id)).toEqual([]);
    });

    it('has every lever refusal in all seven languages', () => {
      const keys = [
        'hands must be a positive integer', 'lots below the minimum', 'lots above the maximum', 'multiple out of range', 'pair missing or not enabled',
        'no market price', 'limit price rules', 'maximum positions exceeded', 'maximum pending orders exceeded', 'insufficient balance, needed',
        'closing in progress', 'take-profit and stop-loss rules', 'cannot transfer while leveraged trades are open',
      ] as const;
      for (const lang of LANGS) {
        for (const key of keys) {
          const text = MESSAGE_CATALOGUE[lang][key];
          expect(text.length, `${lang} ${key}`).toBeGreaterThan(0);
          if (lang !== 'en') expect(text, `${lang} ${key}`).not.toBe(MESSAGE_CATALOGUE.en[key]);
          if (key.startsWith('lots') || key.endsWith('needed')) expect(text, `${lang} ${key}`).toContain('{value}');
        }
      }
    });
  });

  it('a limit order locks margin and fee, shows in the order panel, opens when the mark reaches its price, and a revoked one returns both exactly', async () => {
    const before = app.core.read.balance({ userId: trader.id, currencyId: USDT, wallet: 'lever' });
    const placed = await submit(trader.token, { status: 0, target_price: '59000' });
    const id = Number(placed.body.id);
    // 59000.5 × 0.01 = 590.005: margin 59.0005, fee 0.2950025
    const locked = atoms('59.0005') + atoms('0.2950025');
    expect(app.core.read.balance({ userId: trader.id, currencyId: USDT, wallet: 'lever' })).toEqual({ available: before.available - locked, locked });
    const deal = await api.post<LeverDealReply>('lever/deal', pair, { token: trader.token });
    expect(deal.body.message.my_transaction).toEqual([expect.objectContaining({ id, total_number: 1, price: '59000', number: 1, total_money: '59.29550250' })]);
    expect((await myTrades(trader.token, 0)).data.map((trade) => trade.id)).toEqual([id]);
    expect((await api.post('lever/cancel', { id }, { token: demo.token })).body).toEqual({ type: 'error', message: 'data not found' });
    expect((await api.post('lever/cancel', { id }, { token: trader.token })).body).toEqual({ type: 'ok', message: 'operation ok' });
    expect(app.core.read.balance({ userId: trader.id, currencyId: USDT, wallet: 'lever' })).toEqual(before);
    expect((await myTrades(trader.token, 4)).data[0]).toMatchObject({ id, status: 4 });
    expect((await api.post('lever/cancel', { id }, { token: trader.token })).body).toEqual({ type: 'error', message: 'order already handled' });

    const filled = Number((await submit(trader.token, { status: 0, target_price: '59500' })).body.id);
    await h.markAt('59400');
    // the index falls to 59,400: the order opens at that mark (its price stays its target plus the spread)
    expect((await myTrades(trader.token, 1)).data[0]).toMatchObject({ id: filled, status: 1, price: '59500.5', origin_price: '59400' });
    expect(app.core.read.balance({ userId: trader.id, currencyId: USDT, wallet: 'lever' }).locked).toBe(atoms('59.5005'));
    await api.post('lever/close', { id: filled }, { token: trader.token });
    await h.markAt('60000');
  });

  it('take-profit and stop-loss sit on the correct side, step 0.01, and fire from the mark', async () => {
    const long = Number((await submit(demo.token, {})).body.id);
    const short = Number((await submit(demo.token, { type: 2 })).body.id);
    const setstop = (id: number, tp: string, sl: string, token = demo.token) => api.post('lever/setstop', { id, target_profit_price: tp, stop_loss_price: sl }, { token });
    const rules = { type: 'error', message: 'take-profit and stop-loss rules' };
    expect((await setstop(long, '59000', '')).body).toEqual(rules);
    expect((await setstop(long, '', '61000')).body).toEqual(rules);
    expect((await setstop(short, '61000', '')).body).toEqual(rules);
    expect((await setstop(short, '', '59000')).body).toEqual(rules);
    expect((await setstop(long, '61000.001', '')).body).toEqual(rules);
    expect((await setstop(long, '-1', '')).body).toEqual(rules);
    expect((await setstop(long, '61000', '59000', trader.token)).body).toEqual({ type: 'error', message: 'data not found' });
    expect((await setstop(long, '61000.25', '59000')).body.type).toBe('ok');
    expect((await setstop(short, '58000', '61500')).body.type).toBe('ok');
    expect((await myTrades(demo.token, 1)).data.find((trade) => trade.id === long)).toMatchObject({ target_profit_price: '61000.25', stop_loss_price: '59000' });
    await h.markAt('61100');
    // the index rises to 61,100, past 61,000.25: the take-profit fires at that mark
    expect(await h.trade(long)).toMatchObject({ status: 3, close_reason: 'take_profit', close_mark: '61100.000000000000000000' });
    expect((await h.trade(short))?.status).toBe(1);
    await h.markAt('61600');
    expect(await h.trade(short)).toMatchObject({ status: 3, close_reason: 'stop_loss' });
    await h.markAt('60000');
  });

  it('batch close closes only the side asked for', async () => {
    const long = Number((await submit(demo.token, {})).body.id);
    const short = Number((await submit(demo.token, { type: 2 })).body.id);
    expect((await api.post('lever/batch_close', { type: 2 }, { token: demo.token })).body).toEqual({ type: 'ok', message: 'operation ok' });
    expect((await h.trade(short))?.status).toBe(3);
    expect((await h.trade(long))?.status).toBe(1);
    expect((await api.post('lever/batch_close', { type: 5 }, { token: demo.token })).body).toEqual({ type: 'error', message: 'parameter error' });
    // without type nothing is closed: it names no side
    expect((await api.post('lever/batch_close', {}, { token: demo.token })).body).toEqual({ type: 'error', message: 'parameter error' });
    expect((await h.trade(long))?.status).toBe(1);
    await api.post('lever/batch_close', { type: 0 }, { token: demo.token });
    expect((await h.trade(long))?.status).toBe(3);
  });

  it('refuses transfers out of the lever wallet while positions or pending orders live, and allows them after', async () => {
    const transfer = () => api.post('wallet/change', { currency_id: USDT, number: '1', from_field: 'lever', to_field: 'change' }, { token: demo.token });
    const id = Number((await submit(demo.token, { status: 0, target_price: '50000' })).body.id);
    const before = await fingerprint(demo.id);
    expect((await transfer()).body).toEqual({ type: 'error', message: 'cannot transfer while leveraged trades are open' });
    expect(await fingerprint(demo.id)).toEqual(before);
    // into the lever wallet stays open
    await h.fund(demo.id, 'change', '100');
    expect((await api.post('wallet/change', { currency_id: USDT, number: '100', from_field: 'change', to_field: 'lever' }, { token: demo.token })).body.type).toBe('ok');
    await api.post('lever/cancel', { id }, { token: demo.token });
    expect((await transfer()).body).toEqual({ type: 'ok', message: 'operation ok' });
  });

  it('lever/risk gives the risk rate, the margin in use and the liquidation mark', async () => {
    await submit(demo.token, { multiple: 100, share: 100 });
    const reply = await api.post<LeverRiskReply>('lever/risk', {}, { token: demo.token });
    const usdt = reply.body.message.list.find((entry) => entry.legal_id === USDT);
    const risk = app.core.read.leverRisk(demo.id, USDT);
    expect(usdt).toMatchObject({ legal_name: 'USDT', liquidation_rate: '110', caution_money: '600.00500000' });
    expect(usdt?.hazard_rate).toBe(formatAmount((risk.rate ?? 0n) / 10n ** 16n * 10n ** 16n).replace(/^(\d+)$/, '$1.00'));
    expect(usdt?.liquidation_prices).toEqual([{ currency_id: BTC, symbol: 'BTC/USDT', price: expect.stringMatching(/^\d+\.\d\d$/) }]);
    expect(Number(usdt?.liquidation_prices[0]?.price)).toBeLessThan(60000);
    await api.post('lever/batch_close', { type: 0 }, { token: demo.token });
  });

  it('pushes lever_trade to its owner only', async () => {
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`;
    const open = async (token: string, userId: number) => {
      const socket = connect(base, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], forceNew: true });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      await new Promise((resolve) => socket.emit('login', userId, resolve));
      return socket;
    };
    const owner = await open(demo.token, demo.id);
    const other = await open(trader.token, trader.id);
    const seen: unknown[] = [];
    other.on('lever_trade', (payload) => seen.push(payload));
    const pushed = new Promise<Record<string, string>>((resolve) => owner.once('lever_trade', resolve));
    const id = Number((await submit(demo.token, {})).body.id);
    const payload = await pushed;
    expect(payload).toMatchObject({ type: 'lever_trade', trades_entrust: '[]' });
    expect((JSON.parse(payload.trades_all ?? '[]') as LeverTradeItem[]).map((trade) => trade.id)).toEqual([id]);
    expect(payload.hazard_rate).toMatch(/^\d+\.\d\d$/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([]);
    owner.close();
    other.close();
    await api.post('lever/batch_close', { type: 0 }, { token: demo.token });
  });

  it('operator settings: read, change, refuse nonsense; the ledger still balances', async () => {
    const read = await operator('GET', '/lever/settings');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ liquidation_rate: '110', overnight_time: '00:00' });
    expect((await operator('PUT', '/lever/settings', { liquidation_rate: '100' })).status).toBe(400);
    expect((await operator('PUT', '/lever/settings', { overnight_time: '25:00' })).status).toBe(400);
    expect((await operator('PUT', '/lever/settings', { liquidation_rate: '120', overnight_time: '08:30' })).body).toMatchObject({ liquidation_rate: '120', overnight_time: '08:30' });
    const changed = await operator('PUT', `/lever/pairs/${h.pairId}`, { multiples: [20, 2], spread: '1', fee: '0.1' });
    expect(changed.body).toMatchObject({ multiples: [2, 20], spread: '1', fee: '0.1' });
    expect((await operator('PUT', `/lever/pairs/${h.pairId}`, { hands_min: 5, hands_max: 2 })).status).toBe(400);
    // more decimals than the columns keep would differ after a restart: refused, nothing changes
    expect(await operator('PUT', `/lever/pairs/${h.pairId}`, { fee: '0.1234567' })).toEqual({ status: 400, body: { error: 'parameter error' } });
    expect(await operator('PUT', `/lever/pairs/${h.pairId}`, { overnight_rate: '0.0000001' })).toEqual({ status: 400, body: { error: 'parameter error' } });
    // a fee under the mark band's whole width (0.04 %) would let a push across the band pay: refused while the pair is open
    expect(await operator('PUT', `/lever/pairs/${h.pairId}`, { fee: '0.039999' })).toMatchObject({ status: 400, body: { error: 'lever fee below twice the mark band' } });
    expect(await operator('PUT', '/lever/settings', { liquidation_rate: '120.12345' })).toEqual({ status: 400, body: { error: 'parameter error' } });
    expect(app.core.read.leverPair(h.pairId)?.feeRate).toBe(atoms('0.1'));
    expect(app.core.read.leverGlobal().liquidationRate).toBe(atoms('120'));
    const deal = await api.post<LeverDealReply>('lever/deal', pair);
    expect(deal.body.message).toMatchObject({ multiple: { muit: [{ value: 2 }, { value: 20 }], muit_list: [2, 20] }, spread: '1', lever_trade_fee: '0.1' });
    const [row] = await app.db.query<{ spread: string; lever_trade_fee: string }>('select spread::text, lever_trade_fee::text from currency_pairs where id = $1', [h.pairId]);
    expect(row).toEqual({ spread: '1.000000000000000000', lever_trade_fee: '0.100000' });
    // the operator log holds each change with the settings before and after it
    const logged = await app.db.query<{ action: string; target: string; before: { liquidation_rate?: string; spread?: string }; after: { liquidation_rate?: string; spread?: string } }>(
      `select action, target, before, after from operator_log where action like 'lever.%' order by id desc limit 2`,
    );
    expect(logged).toEqual([
      expect.objectContaining({ action: 'lever.pair_settings', target: `pair:${h.pairId}`, before: expect.objectContaining({ spread: '0.5' }), after: expect.objectContaining({ spread: '1' }) }),
      expect.objectContaining({ action: 'lever.settings', target: 'system', before: { liquidation_rate: '110', overnight_time: '00:00' }, after: { liquidation_rate: '120', overnight_time: '08:30' } }),
    ]);
    await operator('PUT', `/lever/pairs/${h.pairId}`, { multiples: [5, 10, 20, 50, 100], spread: '0.5', fee: '0.05' });
    await operator('PUT', '/lever/settings', { liquidation_rate: '110', overnight_time: '00:00' });
    const audit = await runAudit(app.db);
    expect(audit).toMatchObject({ ok: true });
  });
});
