import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS, MESSAGE_CATALOGUE, type MessageKey } from '@tessera/protocol';
import { formatAmount, parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import { newCommandKey } from '../../src/core/command-key';
import { operatorCall, operatorToken, registerUser } from '../support/accounts';
import { apiClient } from '../support/client';
import { manualClock } from '../support/clock';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';
import { indexDriver } from '../support/index-feed';

const BTC = 1;
const USDT = 3;
const key = () => newCommandKey('test');

interface Order {
  id: number;
  match_id: number;
  symbol_name: string;
  seconds: number;
  number: string;
  currency_name: string;
  open_price: string;
  end_price: string;
  type: number;
  status: number;
  profit_ratio: string;
  fact_profits: string;
  fee: string;
  remain_milli_seconds: number;
}
interface OrderPage {
  data: Order[];
  page: number;
  pages: number;
  total: number;
}

describeEachDatabase('second contracts API', (kind) => {
  let app: TestApp;
  let api: ReturnType<typeof apiClient>;
  let player: { token: string; id: number };
  let stranger: { token: string; id: number };
  let traders: { token: string; id: number }[];
  let pairId: number;
  let closedPairId: number;
  let house: number;
  const time = manualClock(new Date('2026-11-22T08:00:00Z'));

  const adjust = (userId: number, currencyId: number, wallet: 'change' | 'micro', amount: string) =>
    app.core.execute({ kind: 'adjust', key: key(), userId, currencyId, wallet, amount: parseAmount(amount), reason: 'adjustment', reference: 'test funds' });
  /** The pair's index at `price` (contracts open and settle at it), and time passing with the feed ticking. */
  const indexAt = (price: string) => index().set(pairId, price);
  const hold = (seconds: number) => index().hold(seconds);
  const index = () => indexDriver(app.services.indexFeed, (seconds) => time.advanceSeconds(seconds));
  const microBalance = (userId: number) => {
    const balance = app.core.read.balance({ userId, currencyId: USDT, wallet: 'micro' });
    return { available: formatAmount(balance.available), locked: formatAmount(balance.locked) };
  };
  const submit = (fields: Record<string, string | number>, options: { token?: string; lang?: string } = {}) =>
    api.post<string>('microtrade/submit', { match_id: pairId, currency_id: USDT, type: 1, seconds: 30, number: '100', ...fields }, { token: player.token, ...options });
  const lists = (status: 1 | 3, token = player.token, extra: Record<string, string | number> = {}) =>
    api.get<OrderPage>('microtrade/lists', { status, ...extra }, { token });

  beforeAll(async () => {
    app = await createTestApp(kind, { clock: time.clock, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    api = apiClient(app);
    player = await registerUser(api, 'player@example.com');
    stranger = await registerUser(api, 'stranger@example.com');
    traders = [await registerUser(api, 'maker-a@example.com'), await registerUser(api, 'maker-b@example.com')];
    for (const trader of traders) {
      await adjust(trader.id, USDT, 'change', '1000000');
      await adjust(trader.id, BTC, 'change', '10');
    }
    await adjust(player.id, USDT, 'micro', '1000');
    const [houseRow] = await app.db.query<{ id: number }>(`select id from users where kind = 'house'`);
    house = houseRow?.id ?? 0;
    await adjust(house, USDT, 'micro', '100000');
    const pairs = [...app.core.read.pairs()];
    pairId = pairs.find((pair) => pair.currencyId === BTC && pair.legalId === USDT)?.id ?? 0;
    const [closed] = await app.db.query<{ id: number }>('select id from currency_pairs where not open_microtrade order by id limit 1');
    closedPairId = closed?.id ?? 0;
    await indexAt('60000');
  });
  afterAll(async () => {
    const report = await runAudit(app.db);
    expect(report.settlementMismatches).toEqual([]);
    expect(report.ok).toBe(true);
    await app.close();
  });

  it('offers the seconds options and the payable currencies; visitors see no wallet, insurance is off', async () => {
    const seconds = await api.get<{ seconds: number; profit_ratio: string }[]>('microtrade/seconds');
    expect(seconds.body).toEqual({
      type: 'ok',
      message: [
        { seconds: 30, profit_ratio: '80' },
        { seconds: 60, profit_ratio: '85' },
        { seconds: 120, profit_ratio: '90' },
        { seconds: 300, profit_ratio: '95' },
      ],
    });
    const visitor = await api.get<Record<string, unknown>[]>('microtrade/payable_currencies');
    expect(visitor.body.message).toEqual([
      expect.objectContaining({
        id: USDT,
        name: 'USDT',
        micro_numbers: [{ number: '10' }, { number: '50' }, { number: '100' }, { number: '500' }, { number: '1000' }],
        micro_trade_fee: '0.5',
        user_wallet: null,
        insurance_types: [],
        user_insurance: null,
      }),
    ]);
    const mine = await api.get<{ user_wallet: Record<string, string> }[]>('microtrade/payable_currencies', {}, { token: player.token });
    expect(mine.body.message[0]?.user_wallet).toEqual({
      micro_balance: '1000.00000000',
      lock_micro_balance: '0.00000000',
      micro_with_insurance: expect.any(String),
      insurance_balance: '0',
    });
  });

  describe('refusals, in every language, change nothing', () => {
    const cases: [string, Record<string, string | number>, MessageKey][] = [
      ['an empty quantity', { number: '' }, 'enter number'],
      ['a quantity that is not a multiple of 10', { number: '15' }, 'the quantity must be a multiple of the stake step'],
      ['a quantity over the maximum', { number: '100010' }, 'maximum order size exceeded'],
      ['a quantity under the minimum', { number: '0' }, 'number must be greater than zero'],
      ['seconds not offered', { seconds: 45 }, 'this seconds option is not offered'],
      ['a pair not open', { match_id: -1 }, 'second contracts are not open for this pair'],
      ['a currency not open', { currency_id: BTC }, 'second contracts are not open for this currency'],
      ['more than the balance', { number: '1000' }, 'insufficient balance'],
    ];
    for (const [name, fields, message] of cases) {
      it(`refuses ${name}`, async () => {
        const before = microBalance(player.id);
        const [{ count }] = (await app.db.query<{ count: number }>('select count(*)::int as count from micro_orders')) as [{ count: number }];
        const resolved = { ...fields, ...(fields.match_id === -1 ? { match_id: closedPairId } : {}) };
        expect((await submit(resolved)).body).toEqual({ type: 'error', message });
        for (const lang of LANGS) {
          expect((await submit(resolved, { lang })).body).toEqual({ type: 'error', message: MESSAGE_CATALOGUE[lang][message] });
        }
        expect(microBalance(player.id)).toEqual(before);
        expect(await app.db.query('select 1 from micro_orders')).toHaveLength(count);
      });
    }

    it('refuses a visitor with type 999 and garbage with an envelope', async () => {
      expect((await submit({}, { token: '' })).body).toMatchObject({ type: '999' });
      expect((await submit({ type: 3 })).body).toMatchObject({ type: 'error' });
      expect((await submit({ seconds: 'abc' })).body).toMatchObject({ type: 'error' });
      expect((await lists(1, player.token, { status: 2 })).body).toMatchObject({ type: 'error' });
    });
  });

  it('opens up and down contracts at the mark, lists them running with their countdown, settles them at the expiry and pushes nothing to strangers', async () => {
    time.advanceSeconds(1);
    const up = await submit({ type: 1, number: '100' });
    expect(up.body).toMatchObject({ type: 'ok', message: 'contract placed', id: expect.any(Number) });
    const down = await submit({ type: 2, number: '200', seconds: 60 });
    expect(down.body.type).toBe('ok');
    // 100 + 0.5 fee, 200 + 1 fee
    expect(microBalance(player.id)).toEqual({ available: '698.5', locked: '300' });

    await hold(10);
    const running = await lists(1);
    expect(running.body.message.total).toBe(2);
    expect(running.body.message.data[1]).toEqual(
      expect.objectContaining({
        id: up.body.id,
        match_id: pairId,
        symbol_name: 'BTC/USDT',
        seconds: 30,
        number: '100.00000000',
        currency_name: 'USDT',
        open_price: '60000.00',
        end_price: '',
        type: 1,
        status: 1,
        profit_ratio: '80',
        fact_profits: '',
        fee: '0.50000000',
        remain_milli_seconds: 20_000,
      }),
    );
    // a stranger sees none of them, and the pair filter narrows
    expect((await lists(1, stranger.token)).body.message.total).toBe(0);
    expect((await lists(1, player.token, { match_id: closedPairId })).body.message.total).toBe(0);

    await indexAt('60050');
    await hold(25);
    // the first contract expired at 08:00:31; this index comes after it
    await indexAt('59000');
    await app.core.runDueDeadlines();
    const afterFirst = await lists(3);
    expect(afterFirst.body.message.data).toEqual([
      expect.objectContaining({ id: up.body.id, status: 3, end_price: '60050.00', fact_profits: '80.00000000', remain_milli_seconds: 0 }),
    ]);
    await hold(30);
    await app.core.runDueDeadlines();
    const closed = await lists(3);
    // the down contract ends at 59,000: below 60,000, a win of 170
    expect(closed.body.message.data[0]).toEqual(expect.objectContaining({ id: down.body.id, status: 3, end_price: '59000.00', fact_profits: '170.00000000' }));
    expect((await lists(1)).body.message.total).toBe(0);
    expect(microBalance(player.id)).toEqual({ available: '1248.5', locked: '0' });
    expect(microBalance(house)).toEqual({ available: '99750', locked: '0' });
    // the micro wallet's records name each movement: the settlement of the down contract (its 200 stake back and 170 won) is the newest
    const entries = await api.post<{ list: { reason: string; value: string; info: string }[] }>('wallet/legal_log', { type: 4, currency: USDT }, { token: player.token, lang: 'en' });
    expect(entries.body.message.list.find((entry) => entry.reason === 'micro_settle')).toMatchObject({ value: '370', info: 'Second contracts settled' });
    expect(entries.body.message.list.map((entry) => entry.info)).toEqual(expect.arrayContaining(['Second contract stake frozen', 'Second contract fee']));
  });

  it('no operator call changes a running contract or its outcome', async () => {
    const operator = operatorCall(app, await operatorToken(app));
    time.advanceSeconds(1);
    await indexAt('60000');
    const placed = await submit({ type: 1, number: '100', seconds: 30 });
    const contractId = placed.body.id as number;
    const settings = await operator('GET', '/micro/settings');
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ stake_multiple: '10', currencies: [USDT] });
    // every operator call of second contracts, at their most hostile
    expect(
      (
        await operator('PUT', '/micro/settings', {
          seconds: [{ seconds: 5, profit_ratio: '0' }],
          stake_multiple: '10',
          min_stake: '10',
          max_stake: '20',
          fee_percent: '50',
          quick_numbers: [],
          currencies: [USDT],
        })
      ).status,
    ).toBe(200);
    expect((await operator('PUT', `/micro/pairs/${pairId}`, { open_microtrade: false })).status).toBe(200);
    const logged = await app.db.query<{ action: string; before: unknown; after: unknown }>(`select action, before, after from operator_log where action like 'micro.%' order by id desc limit 2`);
    expect(logged).toEqual([
      { action: 'micro.pair_open', before: { open_microtrade: true }, after: { open_microtrade: false } },
      expect.objectContaining({ action: 'micro.settings', before: expect.objectContaining({ stake_multiple: '10' }), after: expect.objectContaining({ fee_percent: '50' }) }),
    ]);
    expect((await operator('PUT', '/micro/settings', { seconds: [], stake_multiple: '0' })).status).toBe(400);
    expect((await operator('PUT', '/micro/settings', { seconds: [{ seconds: 5, profit_ratio: '1' }], stake_multiple: '10', min_stake: '15', max_stake: '20', fee_percent: '0', quick_numbers: [], currencies: [USDT] })).status).toBe(400);
    expect((await operator('PUT', '/micro/pairs/999999', { open_microtrade: true })).status).toBe(404);
    // new contracts follow the new terms at once
    expect((await submit({ number: '100', seconds: 5 })).body).toEqual({ type: 'error', message: 'second contracts are not open for this pair' });
    await hold(10);
    await indexAt('60100');
    await hold(25);
    await app.core.runDueDeadlines();
    const [row] = (await lists(3)).body.message.data;
    // the contract kept its terms of the opening (80 %, 0.5 fee) and the result of its prices
    expect(row).toEqual(expect.objectContaining({ id: contractId, profit_ratio: '80', fee: '0.50000000', end_price: '60100.00', fact_profits: '80.00000000' }));
    // restore the defaults for whatever follows
    await operator('PUT', `/micro/pairs/${pairId}`, { open_microtrade: true });
  });

  it('100 submits at once from one balance never overdraw it', async () => {
    const operator = operatorCall(app, await operatorToken(app));
    await operator('PUT', '/micro/settings', {
      seconds: [{ seconds: 30, profit_ratio: '80' }],
      stake_multiple: '10',
      min_stake: '10',
      max_stake: '100000',
      fee_percent: '0',
      quick_numbers: ['10'],
      currencies: [USDT],
    });
    const racer = await registerUser(api, 'racer@example.com');
    await adjust(racer.id, USDT, 'micro', '1000');
    // each stake is 30: 33 fit in 1,000
    const replies = await Promise.all(
      Array.from({ length: 100 }, () => api.post<string>('microtrade/submit', { match_id: pairId, currency_id: USDT, type: 1, seconds: 30, number: '30' }, { token: racer.token })),
    );
    const accepted = replies.filter((reply) => reply.body.type === 'ok');
    expect(accepted).toHaveLength(33);
    expect(replies.filter((reply) => reply.body.type === 'error').every((reply) => reply.body.message === 'insufficient balance')).toBe(true);
    expect(microBalance(racer.id)).toEqual({ available: '10', locked: '990' });
    await hold(31);
    await app.core.runDueDeadlines();
    expect(microBalance(racer.id).locked).toBe('0');
  });
});
