import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AuthenticationError, BadSymbol, OrderImmediatelyFillable, OrderNotFound, PermissionDenied } from 'ccxt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, operatorJson, startServerProcess, type ServerProcess } from '../../../apps/server/test/support/server-process';
import Tessera from '../src/index';

/**
 * ccxt's own unified calls against the real server, started as `npm start` runs it, on the
 * embedded PGlite and (with TEST_DATABASE_URL) on a PostgreSQL database of its own.
 */
const DATABASES = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

/** A database of its own on the TEST_DATABASE_URL server, dropped afterwards. */
async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `ccxt_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A demo account with funds from the operator and an API key of the read and trade scopes. */
async function botOf(url: string, operator: string, account: string, password: string): Promise<Tessera> {
  const token = (await call<string>(url, 'user/login', { user_string: account, password })).message;
  const info = (await (await fetch(`${url}/api/user/info`, { headers: { authorization: token } })).json()) as { message: { id: number } };
  for (const [currencyId, amount] of [[3, '1000000'], [1, '100']] as const) {
    await operatorJson(url, 'POST', `/users/${info.message.id}/credit`, operator, { currency_id: currencyId, wallet: 'change', amount, reason: 'ccxt test funds' });
  }
  const key = await call<{ key: string; secret: string }>(url, 'apikey/create', { label: 'ccxt test', scopes: 'read,trade' }, token);
  expect(key.type).toBe('ok');
  return new Tessera({ apiKey: key.message.key, secret: key.message.secret, baseUrl: url });
}

for (const database of DATABASES) {
  describe(`Tessera through ccxt’s unified API [${database}]`, () => {
    let server: ServerProcess;
    let dataDir: string;
    let postgres: Awaited<ReturnType<typeof postgresDatabase>> | undefined;
    let maker: Tessera;
    let taker: Tessera;

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'tessera-ccxt-'));
      postgres = database === 'postgres' ? await postgresDatabase() : undefined;
      server = await startServerProcess({ DATA_DIR: dataDir, DEMO_DATA: 'on', ...(postgres ? { DATABASE_URL: postgres.url } : {}) });
      const operator = (await operatorJson<{ token: string }>(server.url, 'POST', '/login', undefined, { email: 'admin@tessera.example', password: 'admin-dev-password' })).token;
      maker = await botOf(server.url, operator, 'demo@tessera.example', 'demo1234');
      taker = await botOf(server.url, operator, 'trader@tessera.example', 'trader1234');
    }, 420_000);
    afterAll(async () => {
      try {
        await Promise.allSettled([maker?.close(), taker?.close()]);
      } finally {
        await server?.stop();
        await postgres?.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    });

    it('reads the markets, tickers, book, trades and candles', async () => {
      const markets = await taker.loadMarkets();
      expect(markets['BTC/USDT']).toMatchObject({ id: 'BTC_USDT', base: 'BTC', quote: 'USDT', spot: true, active: true });
      expect(markets['BTC/USDT']?.precision.price).toBeGreaterThan(0);
      expect(await taker.fetchTime()).toBeGreaterThan(0);
      expect((await taker.fetchTicker('BTC/USDT')).symbol).toBe('BTC/USDT');
      expect(Object.keys(await taker.fetchTickers())).toContain('BTC/USDT');
      const book = await taker.fetchOrderBook('BTC/USDT');
      expect(book).toMatchObject({ symbol: 'BTC/USDT', bids: expect.any(Array), asks: expect.any(Array) });
      expect(Array.isArray(await taker.fetchTrades('BTC/USDT'))).toBe(true);
      expect(Array.isArray(await taker.fetchOHLCV('BTC/USDT', '1m'))).toBe(true);
      await expect(taker.fetchTicker('NOPE/USDT')).rejects.toBeInstanceOf(BadSymbol);
    });

    it('trades: balances, limit and market orders, post-only, client order ids, stop-limit, fills, cancels', async () => {
      const before = await taker.fetchBalance();
      expect(before['USDT']?.free).toBeGreaterThanOrEqual(1_000_000);
      const ask = await maker.createOrder('BTC/USDT', 'limit', 'sell', 0.5, 30_000, { clientOrderId: 'ccxt-ask-1' });
      expect(ask).toMatchObject({ symbol: 'BTC/USDT', side: 'sell', type: 'limit', status: 'open', amount: 0.5, price: 30_000, clientOrderId: 'ccxt-ask-1' });
      // the same client order id again is the same order
      expect((await maker.createOrder('BTC/USDT', 'limit', 'sell', 0.5, 30_000, { clientOrderId: 'ccxt-ask-1' })).id).toBe(ask.id);
      const askId = String(ask.id);
      await expect(taker.createOrder('BTC/USDT', 'limit', 'buy', 0.1, 30_000, { postOnly: true })).rejects.toBeInstanceOf(OrderImmediatelyFillable);
      const bought = await taker.createOrder('BTC/USDT', 'market', 'buy', 0.2);
      expect(bought).toMatchObject({ side: 'buy', type: 'market', status: 'closed', filled: 0.2 });
      const ioc = await taker.createOrder('BTC/USDT', 'limit', 'buy', 0.5, 30_000, { timeInForce: 'IOC' });
      expect(ioc).toMatchObject({ timeInForce: 'IOC', filled: 0.3, status: 'canceled' });
      expect(await maker.fetchOrder(askId, 'BTC/USDT')).toMatchObject({ status: 'closed', filled: 0.5 });
      const fills = await taker.fetchMyTrades('BTC/USDT');
      expect(fills.map((fill) => fill.amount).sort()).toEqual([0.2, 0.3]);
      expect(fills[0]).toMatchObject({ side: 'buy', price: 30_000, takerOrMaker: 'taker' });

      const stop = await taker.createOrder('BTC/USDT', 'limit', 'sell', 0.1, 20_000, { stopPrice: 25_000 });
      expect(stop).toMatchObject({ status: 'open', triggerPrice: 25_000 });
      const resting = await taker.createOrder('BTC/USDT', 'limit', 'buy', 0.1, 1_000, { postOnly: true });
      const open = await taker.fetchOpenOrders('BTC/USDT');
      expect(open.map((order) => order.id).sort()).toEqual([stop.id, resting.id].sort());
      expect(await taker.cancelOrder(String(resting.id), 'BTC/USDT')).toMatchObject({ id: resting.id, status: 'canceled' });
      expect((await taker.cancelAllOrders('BTC/USDT')).map((order) => order.id)).toEqual([stop.id]);
      expect(await taker.fetchOpenOrders('BTC/USDT')).toEqual([]);
      await expect(taker.fetchOrder('999999999', 'BTC/USDT')).rejects.toBeInstanceOf(OrderNotFound);
      const after = await taker.fetchBalance();
      // 0.5 BTC bought as taker, less the 0.2 % taker fee; the stop's hold came back when it was cancelled
      expect(after['BTC']?.free).toBeCloseTo((before['BTC']?.free ?? 0) + 0.499, 8);
    });

    it('watches the order book, trades and the owner’s orders through the stream', async () => {
      const first = await taker.watchOrderBook('BTC/USDT');
      expect(first.symbol).toBe('BTC/USDT');
      const trades = taker.watchTrades('BTC/USDT');
      const orders = maker.watchOrders('BTC/USDT');
      await new Promise((resolve) => setTimeout(resolve, 300));
      await maker.createOrder('BTC/USDT', 'limit', 'sell', 0.25, 31_000);
      let book = await taker.watchOrderBook('BTC/USDT');
      for (let attempt = 0; attempt < 20 && !book.asks.some(([price]) => price === 31_000); attempt += 1) book = await taker.watchOrderBook('BTC/USDT');
      expect(book.asks).toContainEqual([31_000, 0.25]);
      expect((await orders).some((order) => order.side === 'sell' && order.price === 31_000)).toBe(true);
      await taker.createOrder('BTC/USDT', 'market', 'buy', 0.05);
      expect((await trades).some((trade) => trade.price === 31_000 && trade.amount === 0.05)).toBe(true);
      // the book follows the fill: 0.2 left at 31000
      for (let attempt = 0; attempt < 20 && !book.asks.some(([price, amount]) => price === 31_000 && amount === 0.2); attempt += 1) book = await taker.watchOrderBook('BTC/USDT');
      expect(book.asks).toContainEqual([31_000, 0.2]);
      const server = await taker.fetchOrderBook('BTC/USDT');
      expect(book.asks.slice(0, 5)).toEqual(server.asks.slice(0, 5));
    });

    it('maps refusals to ccxt’s errors: a wrong secret, a read-only key that tries to trade', async () => {
      const wrong = new Tessera({ apiKey: maker.apiKey, secret: `${maker.secret}x`, baseUrl: server.url });
      await expect(wrong.fetchBalance()).rejects.toBeInstanceOf(AuthenticationError);
      const token = (await call<string>(server.url, 'user/login', { user_string: 'demo@tessera.example', password: 'demo1234' })).message;
      const readOnly = await call<{ key: string; secret: string }>(server.url, 'apikey/create', { label: 'reader', scopes: 'read' }, token);
      const reader = new Tessera({ apiKey: readOnly.message.key, secret: readOnly.message.secret, baseUrl: server.url });
      await expect(reader.createOrder('BTC/USDT', 'limit', 'buy', 0.1, 1_000)).rejects.toBeInstanceOf(PermissionDenied);
      await Promise.all([wrong.close(), reader.close()]);
    });
  });
}
