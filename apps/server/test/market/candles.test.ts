import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app/build-app';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db/database';
import { apiClient } from '../support/client';
import { createTestDatabase, describeEachDatabase } from '../support/test-app';
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
interface Timeshare {
  type: string;
  code: number;
  data: Bar[];
}

const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

/**
 * Candles from known trades, at every resolution, across Asia/Shanghai boundaries: the last
 * minutes of Sunday 28 February 2027 and the first of Monday 1 March (Shanghai), which start a
 * new day, week and month there while it is still the 28th in UTC.
 */
describeEachDatabase('candles from trades', (kind) => {
  let db: Database;
  let config: Config;
  let app: App;
  const feed = new ManualFeed();
  let candleWrites = 0;
  // the seeded history ends at the first start, weeks before the trades of these tests
  const clock = movableClock('2027-01-15T00:00:00Z');

  /** The real app on a database that counts candle writes (and outlives the app, for restarts). */
  async function open(): Promise<App> {
    const counted: Database = {
      ...db,
      query: (sql, params) => {
        if (/insert into candles/.test(sql) && /on conflict \(pair_id, period, open_time\) do update/.test(sql)) candleWrites++;
        return db.query(sql, params);
      },
      transaction: (work) =>
        db.transaction((tx) =>
          work({
            query: (sql, params) => {
              if (/insert into candles/.test(sql) && /on conflict \(pair_id, period, open_time\) do update/.test(sql)) candleWrites++;
              return tx.query(sql, params);
            },
          }),
        ),
    };
    const opened = await buildApp({ config, db: counted, clock: clock.clock });
    await opened.http.ready();
    opened.services.market.connect(feed);
    return opened;
  }

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MARKET_MAKERS: 'off', DATA_DIR: await mkdtemp(path.join(tmpdir(), 'tessera-market-')) });
    await prepareDatabase(db, config);
    app = await open();
  });
  afterAll(async () => {
    await app.http.close();
    await db.close();
    await rm(config.DATA_DIR, { recursive: true, force: true });
  });

  const api = () => apiClient({ ...app, db, config, close: () => app.http.close() });
  const timeshare = (period: string, from: string, to: string, symbol = 'BTC/USDT') =>
    api()
      .get<never>('currency/new_timeshar', { symbol, period, from: seconds(from), to: seconds(to) })
      .then((reply) => {
        const body = reply.body as unknown as Timeshare;
        // every bar names its period, its pair and its change; the rest is compared below
        const data = (body.data as (Bar & { period?: string; change?: string; symbol?: string })[]).map(({ period: named, change, symbol: pair, ...bar }) => {
          expect(named).toBe(period);
          expect(pair).toBe(symbol.includes('/') ? symbol : `${symbol.slice(0, -4)}/${symbol.slice(-4)}`);
          expect(change).toMatch(/^([+-]\d+\.\d{2}|0\.00)$/);
          return bar;
        });
        return { ...body, data };
      });

  it('aggregates exact OHLCV for every resolution, with Shanghai day, week and month boundaries', async () => {
    clock.set('2027-02-28T16:30:00Z');
    feed.publish([
      feed.trade(app, BTC_PAIR, '90000.5', '0.1', '2027-02-28T15:58:10Z', 'buy'),
      feed.trade(app, BTC_PAIR, '90100.25', '0.25', '2027-02-28T15:58:40Z', 'sell'),
      feed.trade(app, BTC_PAIR, '89950', '0.05', '2027-02-28T15:59:59.999Z', 'sell'),
    ]);
    feed.publish([
      // 1 March 00:00:00 Shanghai: a new day, Monday, a new month
      feed.trade(app, BTC_PAIR, '90200', '1.5', '2027-02-28T16:00:00Z', 'buy'),
      feed.trade(app, BTC_PAIR, '90010.01', '0.000001', '2027-02-28T16:04:59Z', 'sell'),
      feed.trade(app, BTC_PAIR, '90020', '2', '2027-02-28T16:05:00Z', 'buy'),
    ]);
    await app.services.market.flush();

    const before = { open: '90000.50', high: '90100.25', low: '89950.00', close: '89950.00', volume: '0.400000' };
    const minute = await timeshare('1min', '2027-02-28T15:58:00Z', '2027-02-28T16:05:00Z');
    expect(minute.code).toBe(1);
    expect(minute.data).toEqual([
      { id: seconds('2027-02-28T15:58:00Z'), time: seconds('2027-02-28T15:58:00Z') * 1000, open: '90000.50', close: '90100.25', high: '90100.25', low: '90000.50', volume: '0.350000' },
      { id: seconds('2027-02-28T15:59:00Z'), time: seconds('2027-02-28T15:59:00Z') * 1000, open: '89950.00', close: '89950.00', high: '89950.00', low: '89950.00', volume: '0.050000' },
      { id: seconds('2027-02-28T16:00:00Z'), time: seconds('2027-02-28T16:00:00Z') * 1000, open: '90200.00', close: '90200.00', high: '90200.00', low: '90200.00', volume: '1.500000' },
      { id: seconds('2027-02-28T16:04:00Z'), time: seconds('2027-02-28T16:04:00Z') * 1000, open: '90010.01', close: '90010.01', high: '90010.01', low: '90010.01', volume: '0.000001' },
      { id: seconds('2027-02-28T16:05:00Z'), time: seconds('2027-02-28T16:05:00Z') * 1000, open: '90020.00', close: '90020.00', high: '90020.00', low: '90020.00', volume: '2.000000' },
    ]);

    // every resolution: the bucket before 00:00 Shanghai holds the first three trades exactly
    const after00 = { open: '90200.00', high: '90200.00', low: '90010.01', close: '90010.01', volume: '1.500001' };
    const expectations: [string, string, object, string, object][] = [
      ['5min', '2027-02-28T15:55:00Z', before, '2027-02-28T16:00:00Z', after00],
      ['15min', '2027-02-28T15:45:00Z', before, '2027-02-28T16:00:00Z', { ...after00, close: '90020.00', volume: '3.500001' }],
      ['30min', '2027-02-28T15:30:00Z', before, '2027-02-28T16:00:00Z', { ...after00, close: '90020.00', volume: '3.500001' }],
      ['60min', '2027-02-28T15:00:00Z', before, '2027-02-28T16:00:00Z', { ...after00, close: '90020.00', volume: '3.500001' }],
      ['120min', '2027-02-28T14:00:00Z', before, '2027-02-28T16:00:00Z', { ...after00, close: '90020.00', volume: '3.500001' }],
      ['240min', '2027-02-28T12:00:00Z', before, '2027-02-28T16:00:00Z', { ...after00, close: '90020.00', volume: '3.500001' }],
      ['360min', '2027-02-28T10:00:00Z', before, '2027-02-28T16:00:00Z', { ...after00, close: '90020.00', volume: '3.500001' }],
      ['720min', '2027-02-28T04:00:00Z', before, '2027-02-28T16:00:00Z', { ...after00, close: '90020.00', volume: '3.500001' }],
      ['1day', '2027-02-27T16:00:00Z', before, '2027-02-28T16:00:00Z', { ...after00, close: '90020.00', volume: '3.500001' }],
      // weeks start on Monday: Monday 22 February 00:00 Shanghai
      ['1week', '2027-02-21T16:00:00Z', before, '2027-02-28T16:00:00Z', { ...after00, close: '90020.00', volume: '3.500001' }],
      ['1mon', '2027-01-31T16:00:00Z', before, '2027-02-28T16:00:00Z', { ...after00, close: '90020.00', volume: '3.500001' }],
    ];
    for (const [period, firstOpen, first, secondOpen, second] of expectations) {
      const reply = await timeshare(period, firstOpen, secondOpen);
      expect(reply.data, period).toEqual([
        { id: seconds(firstOpen), time: seconds(firstOpen) * 1000, ...first },
        { id: seconds(secondOpen), time: seconds(secondOpen) * 1000, ...second },
      ]);
    }
    // 3 minutes: 15:57 | 16:00 | 16:03 (the 16:04:59 trade) | …
    const threeMinutes = await timeshare('3min', '2027-02-28T15:57:00Z', '2027-02-28T16:05:00Z');
    expect(threeMinutes.data.map((bar) => [bar.time, bar.volume])).toEqual([
      [seconds('2027-02-28T15:57:00Z') * 1000, '0.400000'],
      [seconds('2027-02-28T16:00:00Z') * 1000, '1.500000'],
      [seconds('2027-02-28T16:03:00Z') * 1000, '2.000001'],
    ]);
    // 3 days count from 1970-01-01 Shanghai: 28 February to 2 March is one bucket
    const threeDays = await timeshare('3day', '2027-02-20T00:00:00Z', '2027-03-10T00:00:00Z');
    expect(threeDays.data).toEqual([
      { id: seconds('2027-02-27T16:00:00Z'), time: seconds('2027-02-27T16:00:00Z') * 1000, open: '90000.50', close: '90020.00', high: '90200.00', low: '89950.00', volume: '3.900001' },
    ]);

    // stored exactly as NUMERIC, not as floats
    const stored = await db.query<{ high: string; volume: string }>(
      `select high::text as high, volume::text as volume from candles where pair_id = $1 and period = '1mon' and open_time = $2`,
      [BTC_PAIR, new Date('2027-02-28T16:00:00Z')],
    );
    expect(stored).toEqual([{ high: '90200.000000000000000000', volume: '3.500001000000000000' }]);
  });

  it('writes a burst of trades as one statement per flush, not one per trade', async () => {
    const writesBefore = candleWrites;
    const burst = Array.from({ length: 500 }, (_, i) =>
      feed.trade(app, ETH_PAIR, `${3000 + (i % 7)}.25`, '0.0100', new Date(new Date('2027-02-28T16:10:00Z').getTime() + i * 100)),
    );
    for (let i = 0; i < burst.length; i += 10) feed.publish(burst.slice(i, i + 10));
    expect(candleWrites).toBe(writesBefore);
    // served before the flush too: memory is laid over what is stored
    const unflushed = await timeshare('1min', '2027-02-28T16:10:00Z', '2027-02-28T16:10:59Z', 'ETH/USDT');
    expect(unflushed.data[0]).toMatchObject({ volume: '5.0000', high: '3006.25', low: '3000.25' });
    await app.services.market.flush();
    expect(candleWrites).toBe(writesBefore + 1);
    const rows = await db.query<{ period: string; volume: string }>(
      `select period, volume::text as volume from candles where pair_id = $1 and open_time >= $2 and open_time < $3 and period in ('1min', '5min') order by period, open_time`,
      [ETH_PAIR, new Date('2027-02-28T16:10:00Z'), new Date('2027-02-28T16:11:00Z')],
    );
    expect(rows).toEqual([
      { period: '1min', volume: '5.000000000000000000' },
      { period: '5min', volume: '5.000000000000000000' },
    ]);
  });

  it('answers at most 2,000 candles, the newest of the range, oldest first', async () => {
    const start = new Date('2027-02-28T17:00:00Z').getTime();
    const ticks = Array.from({ length: 2100 }, (_, i) => feed.trade(app, ETH_PAIR, '3100', '1', new Date(start + i * 60_000)));
    feed.publish(ticks);
    await app.services.market.flush();
    const reply = await timeshare('1min', '2027-02-28T17:00:00Z', '2027-03-31T00:00:00Z', 'ETHUSDT');
    expect(reply.data).toHaveLength(2000);
    expect(reply.data[0]?.id).toBe(start / 1000 + 100 * 60);
    expect(reply.data.at(-1)?.id).toBe(start / 1000 + 2099 * 60);
    expect(reply.data.every((bar, i, all) => i === 0 || bar.id > (all[i - 1] as Bar).id)).toBe(true);
  });

  it('keeps stored candles over a restart and goes on aggregating into them', async () => {
    feed.publish([feed.trade(app, BTC_PAIR, '91000', '0.5', '2027-02-28T16:20:10Z')]);
    // no flush: closing the app writes what is in memory
    await app.http.close();
    app = await open();
    const reopened = await timeshare('1day', '2027-02-28T16:00:00Z', '2027-02-28T16:30:00Z');
    expect(reopened.data).toEqual([
      { id: seconds('2027-02-28T16:00:00Z'), time: seconds('2027-02-28T16:00:00Z') * 1000, open: '90200.00', close: '91000.00', high: '91000.00', low: '90010.01', volume: '4.000001' },
    ]);
    feed.publish([feed.trade(app, BTC_PAIR, '89000', '1', '2027-02-28T16:25:00Z')]);
    await app.services.market.flush();
    const continued = await timeshare('1day', '2027-02-28T16:00:00Z', '2027-02-28T16:30:00Z');
    expect(continued.data[0]).toMatchObject({ open: '90200.00', close: '89000.00', high: '91000.00', low: '89000.00', volume: '5.000001' });
    // the newest trades came back from the database too
    const history = await api().get<{ price: string }[]>('currency/new_tradehistory', { legal_id: 3, currency_id: 1 });
    expect(history.body.message.slice(0, 2).map((trade) => trade.price)).toEqual(['89000.00', '91000.00']);
  });
});
