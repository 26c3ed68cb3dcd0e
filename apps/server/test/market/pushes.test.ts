import type { AddressInfo } from 'node:net';
import { daymarketPush, klinePush, marketDepthPush, marketDetailPush, transactionPush } from '@tessera/protocol';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SOCKET_PATH } from '../../src/realtime/gateway';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';
import { BTC_PAIR, ETH_PAIR, ManualFeed } from './support';

/** The payload fields old clients read from each push, exactly (plus `type`, the event name). */
const KLINE = ['type', 'period', 'match_id', 'currency_id', 'currency_name', 'legal_id', 'legal_name', 'open', 'close', 'high', 'low', 'volume', 'symbol', 'time', 'change'];
const DAYMARKET = [...KLINE, 'now_price', 'currency_type'];
const MARKET_DEPTH = ['type', 'legal_id', 'currency_id', 'bids', 'asks'];
const MARKET_DETAIL = ['type', 'legal_id', 'currency_id', 'data'];
const TRANSACTION = ['type', 'legal_id', 'currency_id', 'last_price', 'in', 'out', 'proportion', 'yesterday', 'today'];
const sorted = (keys: string[]) => [...keys].sort();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Everything a socket receives, by event name. */
function recorder(socket: Socket) {
  const events = new Map<string, Record<string, unknown>[]>();
  socket.onAny((event: string, payload: Record<string, unknown>) => {
    events.set(event, [...(events.get(event) ?? []), payload]);
  });
  return {
    of: (event: string) => events.get(event) ?? [],
    clear: () => events.clear(),
  };
}

describeEachDatabase('market pushes on the socket', (kind) => {
  let app: TestApp;
  let base: string;
  const feed = new ManualFeed();
  const sockets: Socket[] = [];
  beforeAll(async () => {
    app = await createTestApp(kind);
    app.services.market.connect(feed);
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app.close();
  });

  async function open(): Promise<Socket> {
    const socket = connect(base, { path: SOCKET_PATH, transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  it('sends kline, daymarket, market_detail and transaction with exactly the fields old clients read to every listener', async () => {
    const legacy = recorder(await open());
    const now = Date.now();
    feed.setBook(BTC_PAIR, [['64999.5', '0.3'], ['64990', '0.1']], [['65001', '0.2'], ['65010.25', '0.4']]);
    feed.publish([
      feed.trade(app, BTC_PAIR, '65000', '0.1', new Date(now - 1000), 'buy'),
      feed.trade(app, BTC_PAIR, '65000.5', '0.2', new Date(now - 500), 'sell'),
    ]);
    await sleep(600);

    // (the bars sent on connecting come first: flat, with no volume)
    const kline = legacy.of('kline').find((push) => push.period === '1min' && push.match_id === BTC_PAIR && Number(push.volume) > 0);
    expect(kline && sorted(Object.keys(kline))).toEqual(sorted(KLINE));
    expect(klinePush.parse(kline)).toMatchObject({
      type: 'kline',
      currency_id: 1,
      currency_name: 'BTC',
      legal_id: 3,
      legal_name: 'USDT',
      symbol: 'BTC/USDT',
      close: '65000.50',
      time: Math.floor((now - 500) / 60_000) * 60_000,
    });
    expect(kline?.change).toMatch(/^([+-]\d+\.\d{2}|0\.00)$/);

    const daymarket = legacy.of('daymarket').find((push) => push.match_id === BTC_PAIR);
    expect(daymarket && sorted(Object.keys(daymarket))).toEqual(sorted(DAYMARKET));
    expect(daymarketPush.parse(daymarket)).toMatchObject({ type: 'daymarket', period: '1day', now_price: '65000.50', close: '65000.50', symbol: 'BTC/USDT' });
    expect(daymarket?.change).toMatch(/^([+-]\d+\.\d{2}|0\.00)$/);

    const detail = legacy.of('market_detail')[0];
    expect(detail && sorted(Object.keys(detail))).toEqual(sorted(MARKET_DETAIL));
    const parsedDetail = marketDetailPush.parse(detail);
    expect(parsedDetail).toMatchObject({ legal_id: 3, currency_id: 1 });
    // newest first
    expect(parsedDetail.data.map((trade) => [trade.price, trade.number, trade.amount, trade.way])).toEqual([
      ['65000.50', '0.200000', '0.200000', 'sell'],
      ['65000.00', '0.100000', '0.100000', 'buy'],
    ]);
    // the terminal shows `time` as it comes: the time of day on the platform's clock (UTC+8)
    const shanghai = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(11, 19);
    expect(parsedDetail.data.map((trade) => [trade.time, trade.time_ms])).toEqual([
      [shanghai(now - 500), now - 500],
      [shanghai(now - 1000), now - 1000],
    ]);

    const transaction = legacy.of('transaction').at(-1);
    expect(transaction && sorted(Object.keys(transaction))).toEqual(sorted(TRANSACTION));
    const parsed = transactionPush.parse(transaction);
    expect(parsed.last_price).toBe('65000.50');
    // shown at the pair's precisions, best first
    expect(JSON.parse(parsed.in)).toEqual([{ price: '64999.50', number: '0.300000' }, { price: '64990.00', number: '0.100000' }]);
    expect(JSON.parse(parsed.out)).toEqual([{ price: '65001.00', number: '0.200000' }, { price: '65010.25', number: '0.400000' }]);
    // bids 0.4 of 1.0 shown
    expect(parsed.proportion).toBe('40.00');
    expect(JSON.parse(parsed.today)).toMatchObject({ close: '65000.50', high: expect.any(String), volume: expect.any(String) });
    expect(typeof JSON.parse(parsed.yesterday)).toBe('object');

    const depth = legacy.of('market_depth').at(-1);
    expect(depth && sorted(Object.keys(depth))).toEqual(sorted(MARKET_DEPTH));
    expect(marketDepthPush.parse(depth)).toEqual({
      type: 'market_depth',
      legal_id: 3,
      currency_id: 1,
      bids: [['64999.50', '0.300000'], ['64990.00', '0.100000']],
      asks: [['65001.00', '0.200000'], ['65010.25', '0.400000']],
    });
  });

  it('merges a storm of book changes: 100 changes in under 100 ms give 1 or 2 pushes, the last book wins', async () => {
    const socket = recorder(await open());
    await sleep(150);
    socket.clear();
    const started = Date.now();
    let changes = 0;
    while (Date.now() - started < 90) {
      const price = 3000 + (changes % 50);
      feed.setBook(ETH_PAIR, [[`${price}`, '1']], [[`${price + 1}`, '2']]);
      changes++;
      if (changes % 10 === 0) await sleep(1);
    }
    expect(changes).toBeGreaterThanOrEqual(100);
    const last = changes - 1;
    await sleep(300);
    const depth = socket.of('market_depth').filter((push) => push.currency_id === 2);
    // under 100 ms of changes: one tick of the 100 ms timer inside, at most one after
    expect(depth.length).toBeGreaterThanOrEqual(1);
    expect(depth.length).toBeLessThanOrEqual(2);
    expect(depth.at(-1)).toMatchObject({ bids: [[`${3000 + (last % 50)}.00`, '1.0000']], asks: [[`${3000 + (last % 50) + 1}.00`, '2.0000']] });
    // and a thousand changes over a second yield about ten
    socket.clear();
    const second = Date.now();
    while (Date.now() - second < 1000) {
      feed.setBook(ETH_PAIR, [['3100', `${Date.now() - second + 1}`]], []);
      await sleep(1);
    }
    await sleep(150);
    const perSecond = socket.of('market_depth').filter((push) => push.currency_id === 2).length;
    expect(perSecond).toBeGreaterThanOrEqual(5);
    expect(perSecond).toBeLessThanOrEqual(11);
  });

  it('narrows a subscribed socket to its pair, but keeps daymarket for the market lists', async () => {
    const subscribed = await open();
    const ack = await new Promise((resolve) => subscribed.emit('sub', { legal_id: 3, currency_id: 2 }, resolve));
    expect(ack).toEqual({ type: 'ok', message: { pair_id: ETH_PAIR } });
    const narrow = recorder(subscribed);
    const everything = recorder(await open());
    const unknown = await new Promise((resolve) => subscribed.emit('sub', { legal_id: 3, currency_id: 999 }, resolve));
    expect(unknown).toEqual({ type: 'error', message: 'pair not found' });

    feed.publish([feed.trade(app, BTC_PAIR, '65100', '0.01', new Date())]);
    feed.publish([feed.trade(app, ETH_PAIR, '3050.5', '0.5', new Date())]);
    await sleep(500);
    const pairsOf = (recorded: ReturnType<typeof recorder>, event: string) => new Set(recorded.of(event).map((push) => push.match_id ?? push.currency_id));
    // the bars of trades: those of a new minute or of connecting, flat and empty, go to every pair
    const tradedBars = (recorded: ReturnType<typeof recorder>) => new Set(recorded.of('kline').filter((push) => Number(push.volume) > 0).map((push) => push.match_id));
    expect(tradedBars(everything)).toEqual(new Set([BTC_PAIR, ETH_PAIR]));
    expect(pairsOf(narrow, 'kline')).toEqual(new Set([ETH_PAIR]));
    expect(pairsOf(narrow, 'market_detail')).toEqual(new Set([2]));
    expect(pairsOf(narrow, 'transaction')).toEqual(new Set([2]));
    expect(pairsOf(narrow, 'daymarket')).toEqual(new Set([BTC_PAIR, ETH_PAIR]));

    // unsubscribing gives it everything again
    await new Promise((resolve) => subscribed.emit('unsub', { legal_id: 3, currency_id: 2 }, resolve));
    narrow.clear();
    feed.publish([feed.trade(app, BTC_PAIR, '65200', '0.01', new Date())]);
    await sleep(400);
    // (the ETH candles of the other resolutions may come with a flush meanwhile)
    expect(pairsOf(narrow, 'kline').has(BTC_PAIR)).toBe(true);
    expect(pairsOf(narrow, 'market_detail')).toEqual(new Set([1]));
  });

  it('pushes the other resolutions after each flush to the pair’s subscribers', async () => {
    const subscribed = await open();
    await new Promise((resolve) => subscribed.emit('sub', { legal_id: 3, currency_id: 2 }, resolve));
    const socket = recorder(subscribed);
    feed.publish([feed.trade(app, ETH_PAIR, '3060', '0.25', new Date())]);
    await app.services.market.flush();
    await sleep(250);
    const periods = new Set(socket.of('kline').filter((push) => push.match_id === ETH_PAIR).map((push) => push.period));
    expect(periods).toEqual(new Set(['1min', '3min', '5min', '15min', '30min', '60min', '120min', '240min', '360min', '720min', '1day', '3day', '1week', '1mon']));
    const month = socket.of('kline').find((push) => push.match_id === ETH_PAIR && push.period === '1mon');
    expect(month?.close).toBe('3060.00');
  });
});
