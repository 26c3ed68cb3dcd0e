import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { Refusal } from '../../src/core/refusal';
import type { Database } from '../../src/db/database';
import { aggregateReadings } from '../../src/modules/index-prices/aggregate';
import { CcxtSource, ccxtClient } from '../../src/modules/index-prices/ccxt-source';
import { IndexFeed } from '../../src/modules/index-prices/feed';
import { LocalExchange } from '../support/local-exchange';
import { describeEachDatabase } from '../support/test-app';
import { key, LeverHarness, USDT } from '../lever/harness';

const clock = () => new Date();
const until = (read: () => boolean, timeout = 30_000) => expect.poll(read, { timeout, interval: 100 }).toBe(true);

/** A production source (ccxt's Binance client) reading a local exchange that answers in Binance's public REST format. */
const sourceOn = (name: string, exchange: LocalExchange, faults: unknown[] = []) =>
  new CcxtSource(name, () => ccxtClient('binance', { public: exchange.url }), clock, 200, (error) => faults.push(error));

describe('index sources through ccxt, against local exchanges', () => {
  const exchanges = [new LocalExchange(), new LocalExchange(), new LocalExchange()];
  beforeAll(async () => {
    for (const exchange of exchanges) await exchange.start();
  });
  afterAll(async () => {
    for (const exchange of exchanges) await exchange.stop();
  });

  it('reads the exchange’s decimal prices exactly; a source that stalls ages out, one that lies is dropped', async () => {
    const [honest, stalling, lying] = exchanges as [LocalExchange, LocalExchange, LocalExchange];
    honest.setPrice('BTC/USDT', '60000.37');
    stalling.setPrice('BTC/USDT', '60001.12');
    lying.setPrice('BTC/USDT', '90000');
    const sources = [sourceOn('honest', honest), sourceOn('stalling', stalling), sourceOn('lying', lying)];
    for (const source of sources) {
      source.latest('BTC/USDT');
      await source.start();
    }
    await until(() => sources.every((source) => source.latest('BTC/USDT') !== undefined));
    expect(sources[0]?.latest('BTC/USDT')?.value).toBe(parseAmount('60000.37'));
    const read = (now: number) => aggregateReadings(sources.map((source) => ({ name: source.name, ...(source.latest('BTC/USDT') as { value: bigint; at: number }) })), now, 2);
    // the liar, 50 % above the median, is dropped; the index is the lower median of the other two
    expect(read(Date.now())?.map((reading) => [reading.name, reading.used, reading.dropped])).toEqual([
      ['honest', true, undefined],
      ['stalling', true, undefined],
      ['lying', false, 'outlier'],
    ]);
    // the second exchange stops answering: its last price ages past five seconds and is dropped,
    // and with one honest source left (fewer than two) there is no index at all
    stalling.behaviour = 'stall';
    const stalledAt = Date.now();
    await until(() => Date.now() - (sources[1]?.latest('BTC/USDT')?.at ?? 0) > 5_000, 15_000);
    expect(read(Date.now())).toBeNull();
    expect(Date.now() - stalledAt).toBeGreaterThan(4_000);
    stalling.behaviour = 'answer';
    await until(() => read(Date.now()) !== null, 15_000);
    for (const source of sources) source.stop();
  }, 60_000);
});

/**
 * The feed stopped: every source stalls. New lever positions and second contracts are refused,
 * owner closes wait, and no trigger fires on the stale mark even though the exchanges' price
 * crashed meanwhile; when they answer again, trading resumes in the same process and the
 * stop-loss fires at the fresh mark.
 */
describeEachDatabase('a stale index', (kind) => {
  let db: Database;
  let h: LeverHarness;
  let feed: IndexFeed;
  const exchanges = [new LocalExchange(), new LocalExchange()];

  beforeAll(async () => {
    h = await LeverHarness.open(kind, { heartbeat: false });
    db = h.db;
    await h.fund(h.house, 'lever', '1000000');
    await h.fund(h.house, 'micro', '1000000');
    for (const exchange of exchanges) {
      exchange.setPrice('BTC/USDT', '60000');
      await exchange.start();
    }
    const sources = exchanges.map((exchange, index) => sourceOn(`local-${index}`, exchange));
    feed = new IndexFeed(h.core, (symbol) => (symbol === 'BTC/USDT' ? sources.map((source) => ({ source, market: symbol })) : []), sources, { tickMs: 250, heartbeatMs: 1_000, minSources: 2 }, clock);
    await feed.start();
  });
  afterAll(async () => {
    feed.stop();
    for (const exchange of exchanges) await exchange.stop();
    await h.core.stop();
    await db.close();
  });

  it('refuses new positions and contracts and fires nothing while every source is down, and resumes without a restart', async () => {
    await until(() => h.core.read.index(h.pairId)?.value === parseAmount('60000') && !h.core.read.index(h.pairId)?.stale);
    const user = await h.newUser();
    await h.fund(user, 'lever', '10000');
    await h.fund(user, 'micro', '1000');
    const opened = await h.open(user, { type: 1, multiple: 10, hands: 1 });
    const trade = opened.applied ? (opened.leverTradeId ?? 0) : 0;
    await h.core.execute({ kind: 'lever_setstop', key: key(), userId: user, tradeId: trade, takeProfit: null, stopLoss: parseAmount('59000') });
    const contract = () =>
      h.core.execute({ kind: 'micro_open', key: key(), userId: user, pairId: h.pairId, currencyId: USDT, type: 1, seconds: 30, number: parseAmount('10'), fee: 0n, profitRatio: parseAmount('80') });

    // every exchange stops answering, and meanwhile their price crashes
    for (const exchange of exchanges) {
      exchange.behaviour = 'stall';
      exchange.setPrice('BTC/USDT', '50000');
    }
    await until(() => h.core.read.index(h.pairId)?.stale === true, 30_000);
    await expect(h.open(user, { type: 1, multiple: 10, hands: 1 })).rejects.toEqual(new Refusal('the index price is unavailable now'));
    await expect(h.open(user, { type: 2, mode: 'limit', multiple: 10, hands: 1, targetPrice: parseAmount('61000') })).rejects.toEqual(new Refusal('the index price is unavailable now'));
    await expect(contract()).rejects.toEqual(new Refusal('the index price is unavailable now'));
    await expect(h.core.execute({ kind: 'lever_close', key: key(), userId: user, tradeId: trade })).rejects.toEqual(new Refusal('closing waits for the index price'));
    await h.settle();
    expect((await h.trade(trade))?.status).toBe(1);
    expect(await db.query(`select 1 from core_commands where idempotency_key like 'trigger:%'`)).toEqual([]);

    // the exchanges answer again: the index is fresh, the stop-loss fires at the new mark, trading resumes
    for (const exchange of exchanges) exchange.behaviour = 'answer';
    await until(() => h.core.read.index(h.pairId)?.stale === false);
    await expect.poll(async () => (await h.trade(trade))?.status, { timeout: 15_000, interval: 100 }).toBe(3);
    expect(await h.trade(trade)).toMatchObject({ close_reason: 'stop_loss', close_mark: '50000.000000000000000000' });
    expect((await contract()).applied).toBe(true);
    expect((await h.open(user, { type: 2, multiple: 10, hands: 1 })).applied).toBe(true);
    expect(h.faults).toEqual([]);
  }, 120_000);
});
