import { beforeAll, expect, it } from 'vitest';
import { quotationList, recentTrades } from '@tessera/protocol';
import { MarketData } from '../../src/modules/market/market-data';
import { MarketRepository } from '../../src/modules/market/market-repository';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';
import { BTC_PAIR, ETH_PAIR, ManualFeed, movableClock } from './support';

interface Bar {
  id: number;
  time: number;
  open: string;
  close: string;
  high: string;
  low: string;
  volume: string;
}

const QUOTATION_ITEM_FIELDS = [
  'id', 'legal_id', 'currency_id', 'legal_name', 'currency_name', 'symbol', 'now_price', 'change', 'volume', 'high', 'low',
  'cny_price', 'is_display', 'logo', 'lever_share_num', 'spread', 'lever_trade_fee', 'open_microtrade', 'open_lever',
  'price_precision', 'quantity_precision', 'currency_type',
].sort();

const START = '2026-11-22T08:00:00Z';
const DAY = 86_400_000;
const at = (iso: string, plusMs = 0) => new Date(new Date(iso).getTime() + plusMs);

describeEachDatabase('quotations, candle history and recent trades', (kind) => {
  const clock = movableClock(START);
  const feed = new ManualFeed();
  const { app, api } = useTestApp(kind, { clock: clock.clock });
  beforeAll(async () => {
    app.services.market.connect(feed);
  });

  const timeshare = async (query: Record<string, string | number>) =>
    (await api.get('currency/new_timeshar', query)).body as unknown as { type: string; code?: number; data?: Bar[]; message?: string };

  it('seeds 30 days of history for every pair on a fresh install, ending at its reference price', async () => {
    const pairs = await app.db.query<{ id: number; symbol: string; usdt_price: string; price_precision: number }>(
      `select p.id, c.name || '/' || l.name as symbol, c.usdt_price::text as usdt_price, p.price_precision
         from currency_pairs p join currencies c on c.id = p.currency_id join currencies l on l.id = p.legal_id order by p.id`,
    );
    expect(pairs).toHaveLength(12);
    const now = new Date(START).getTime() / 1000;
    for (const pair of pairs) {
      const days = await timeshare({ symbol: pair.symbol, period: '1day', from: now - 40 * 86_400, to: now });
      expect(days.code, pair.symbol).toBe(1);
      // 30 days back from the first start, in whole Shanghai days: 31 buckets, the first one partial
      expect(days.data?.length, pair.symbol).toBe(31);
      expect(days.data?.[0]?.id).toBeLessThanOrEqual(now - 30 * 86_400);
      const minutes = await timeshare({ symbol: pair.symbol, period: '1min', from: now - 86_400, to: now });
      expect(minutes.data?.length, pair.symbol).toBe(1440);
      const last = minutes.data?.at(-1);
      expect(last?.id).toBe(now - 60);
      expect(Number(last?.close)).toBe(Number(pair.usdt_price));
      for (const bar of minutes.data ?? []) {
        expect(Number(bar.low)).toBeLessThanOrEqual(Math.min(Number(bar.open), Number(bar.close)));
        expect(Number(bar.high)).toBeGreaterThanOrEqual(Math.max(Number(bar.open), Number(bar.close)));
        expect(Number(bar.volume)).toBeGreaterThan(0);
      }
      // a random walk that stays near the reference: every daily close within ±40 %
      for (const bar of days.data ?? []) expect(Math.abs(Number(bar.close) / Number(pair.usdt_price) - 1)).toBeLessThan(0.4);
    }
    // and only once: a pair that has candles is not seeded again
    const [{ count } = { count: 0 }] = await app.db.query<{ count: number }>(`select count(*)::int as count from candles`);
    const second = new MarketData(new MarketRepository(app.db), undefined, clock.clock);
    await second.start();
    await second.stop();
    const [{ count: again } = { count: 0 }] = await app.db.query<{ count: number }>(`select count(*)::int as count from candles`);
    expect(again).toBe(count);
  });

  it('answers every period and its aliases, for every symbol spelling', async () => {
    const now = new Date(START).getTime() / 1000;
    const periods = ['1min', '3min', '5min', '15min', '30min', '60min', '120min', '240min', '360min', '720min', '1day', '3day', '1week', '1mon'];
    const aliases = ['1', '3', '5', '15', '30', '60', '120', '240', '360', '720', '1D', '3D', '1W', '1M'];
    for (const [index, period] of periods.entries()) {
      const canonical = await timeshare({ symbol: 'BTC/USDT', period, from: now - 7 * 86_400, to: now });
      expect(canonical.code, period).toBe(1);
      expect(canonical.data?.length, period).toBeGreaterThan(0);
      expect(canonical.data?.every((bar, i, all) => i === 0 || bar.id > (all[i - 1] as Bar).id)).toBe(true);
      const alias = await timeshare({ symbol: 'btc_usdt', period: aliases[index] as string, from: now - 7 * 86_400, to: now });
      expect(alias, aliases[index]).toEqual(canonical);
    }
    const spelled = await timeshare({ symbol: 'BTCUSDT', period: '60min', from: now - 86_400, to: now });
    expect(spelled.data?.length).toBe(24);
    expect(spelled.data?.[0]).toEqual({
      id: expect.any(Number),
      time: (spelled.data?.[0]?.id ?? 0) * 1000,
      open: expect.stringMatching(/^\d+\.\d{2}$/),
      close: expect.stringMatching(/^\d+\.\d{2}$/),
      high: expect.stringMatching(/^\d+\.\d{2}$/),
      low: expect.stringMatching(/^\d+\.\d{2}$/),
      volume: expect.stringMatching(/^\d+\.\d{6}$/),
      period: '60min',
      change: expect.stringMatching(/^([+-]\d+\.\d{2}|0\.00)$/),
      symbol: 'BTC/USDT',
    });
    // no from: the newest candles up to now
    const home = await timeshare({ symbol: 'ETH/USDT', period: '1min' });
    expect(home.data?.at(-1)?.id).toBe(now - 60);
  });

  it('answers code -1 for an empty range, and refuses bad symbols, periods and ranges', async () => {
    expect(await timeshare({ symbol: 'BTC/USDT', period: '1min', from: 1_000_000, to: 1_000_600 })).toEqual({ type: 'ok', code: -1, data: [] });
    expect(await timeshare({ symbol: 'XYZ/USDT', period: '1min', from: 1, to: 2 })).toEqual({ type: 'error', message: 'pair not found' });
    expect(await timeshare({ symbol: 'BTC/USDT', period: '2min', from: 1, to: 2 })).toEqual({ type: 'error', message: 'parameter error' });
    expect(await timeshare({ symbol: 'BTC/USDT', period: '1min', from: 2000, to: 1000 })).toEqual({ type: 'error', message: 'parameter error' });
    expect(await timeshare({ symbol: 'BTC/USDT', period: '1min', from: 'yesterday', to: 1000 })).toEqual({ type: 'error', message: 'parameter error' });
    expect(await timeshare({ period: '1min' })).toEqual({ type: 'error', message: 'parameter error' });
  });

  it('lists one group per quote currency with every quotation field', async () => {
    const reply = await api.get<{ id: number; name: string; quotation: Record<string, unknown>[] }[]>('currency/quotation_new');
    expect(reply.body.type).toBe('ok');
    expect(quotationList.safeParse(reply.body.message).success).toBe(true);
    const groups = reply.body.message;
    expect(groups.map((group) => [group.id, group.name, Object.keys(group).sort()])).toEqual([[3, 'USDT', ['id', 'name', 'quotation']]]);
    const items = groups[0]?.quotation ?? [];
    expect(items).toHaveLength(12);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(QUOTATION_ITEM_FIELDS);
    expect(items[0]).toMatchObject({
      id: BTC_PAIR,
      legal_id: 3,
      currency_id: 1,
      legal_name: 'USDT',
      currency_name: 'BTC',
      symbol: 'BTC/USDT',
      // display figures travel as JSON numbers: old screens call toFixed on them
      now_price: 96250.5,
      is_display: 1,
      logo: '/media/coins/btc.svg',
      lever_share_num: '0.01',
      spread: '0.5',
      lever_trade_fee: '0.05',
      open_microtrade: 1,
      open_lever: 1,
      price_precision: 2,
      quantity_precision: 6,
    });
    expect(items[0]?.change).toMatch(/^([+-]\d+\.\d{2}|0\.00)$/);
    for (const item of items) {
      for (const field of ['now_price', 'high', 'low', 'volume']) expect(typeof item[field], `${String(item.symbol)} ${field}`).toBe('number');
      expect((item.now_price as number).toFixed(item.price_precision as number)).toMatch(/^\d+\.\d+$/);
    }
    // with or without a token
    const withToken = await api.get('currency/quotation_new', {}, { token: await api.login('demo@tessera.example', 'demo1234') });
    expect(withToken.body).toEqual(reply.body);
  });

  it('rolls the 24 hours from known trades: last, change, high, low, volume, and the CNY value', async () => {
    const base = new Date(START).getTime();
    // before the window once the clock has moved two days on: the price "24 h ago"
    feed.publish([feed.trade(app, BTC_PAIR, '100000', '3', at(START, DAY))]);
    feed.publish([
      feed.trade(app, BTC_PAIR, '101000', '0.5', at(START, DAY + 2 * 3_600_000), 'sell'),
      feed.trade(app, BTC_PAIR, '99000.01', '0.25', at(START, DAY + 12 * 3_600_000)),
    ]);
    feed.publish([feed.trade(app, BTC_PAIR, '102500.5', '0.125', at(START, 2 * DAY - 60_000))]);
    clock.set(new Date(base + 2 * DAY).toISOString());
    const reply = await api.get<{ quotation: Record<string, unknown>[] }[]>('currency/quotation_new');
    const btc = reply.body.message[0]?.quotation.find((item) => item.id === BTC_PAIR);
    expect(btc).toMatchObject({
      now_price: 102500.5,
      change: '+2.50',
      high: 102500.5,
      low: 99000.01,
      volume: 0.875,
      // 102500.5 × 7.18 (the seeded USDT→CNY rate)
      cny_price: '735953.59',
    });
    // the operator sets another rate: floored, never rounded (102500.5 × 7.2345 = 741539.86725)
    await app.db.query(`update fiat_currencies set usdt_rate = '7.2345' where name = 'CNY'`);
    await app.services.market.refreshReference();
    const after = await api.get<{ quotation: Record<string, unknown>[] }[]>('currency/quotation_new');
    expect(after.body.message[0]?.quotation.find((item) => item.id === BTC_PAIR)?.cny_price).toBe('741539.86');
    expect(app.services.market.cnyPrice(BTC_PAIR)).toBe('741539.86');
    expect(app.services.market.lastPrice(BTC_PAIR)).toBe('102500.5');
    // two hours on, the 101000 trade has left the window and is the price 24 h ago
    clock.set(new Date(base + 2 * DAY + 2 * 3_600_000 + 30_000).toISOString());
    const later = (await api.get<{ quotation: Record<string, unknown>[] }[]>('currency/quotation_new')).body.message[0]?.quotation.find(
      (item) => item.id === BTC_PAIR,
    );
    // 102500.5 against 101000: +1.4856… %, truncated
    expect(later).toMatchObject({ change: '+1.48', high: 102500.5, low: 99000.01, volume: 0.375 });
    // a pair without trades in the window keeps its last price, no change, no volume
    clock.set(new Date(base + 5 * DAY).toISOString());
    const quiet = (await api.get<{ quotation: Record<string, unknown>[] }[]>('currency/quotation_new')).body.message[0]?.quotation;
    expect(quiet?.find((item) => item.id === BTC_PAIR)).toMatchObject({ now_price: 102500.5, change: '0.00', high: 102500.5, low: 102500.5, volume: 0 });
    expect(quiet?.find((item) => item.id === ETH_PAIR)).toMatchObject({ now_price: 3421.37, change: '0.00', volume: 0 });
  });

  it('lists the newest 30 trades of a pair, newest first', async () => {
    const first = new Date(START).getTime() + 6 * DAY;
    feed.publish(Array.from({ length: 35 }, (_, i) => feed.trade(app, ETH_PAIR, `${3400 + i}.5`, '0.01', new Date(first + i * 1000), i % 2 ? 'sell' : 'buy')));
    const reply = await api.get<Record<string, unknown>[]>('currency/new_tradehistory', { legal_id: 3, currency_id: 2 });
    expect(recentTrades.safeParse(reply.body.message).success).toBe(true);
    const trades = reply.body.message;
    expect(trades).toHaveLength(30);
    expect(trades[0]).toEqual({
      id: expect.any(Number),
      price: '3434.50',
      number: '0.0100',
      amount: '0.0100',
      // 08:00:34 UTC is 16:00:34 on the platform's clock (Asia/Shanghai)
      time: '16:00:34',
      time_ms: first + 34_000,
      create_time: new Date(first + 34_000).toISOString().slice(0, 19).replace('T', ' '),
      way: 'buy',
      direction: 'buy',
    });
    expect(trades[29]?.price).toBe('3405.50');
    expect(trades[1]?.way).toBe('sell');
    expect((await api.get('currency/new_tradehistory', { legal_id: 3, currency_id: 999 })).body).toEqual({ type: 'error', message: 'pair not found' });
    expect((await api.get('currency/new_tradehistory', { legal_id: 3 })).body).toEqual({ type: 'error', message: 'parameter error' });
  });
});
