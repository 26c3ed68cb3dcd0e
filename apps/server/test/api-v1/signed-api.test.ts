import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../src/core/audit';
import { registerUser } from '../support/accounts';
import { apiClient } from '../support/client';
import { botAccount, createKey, signedCall, type ApiCredentials } from '../support/signed-api';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

type Order = { orderId: string; clientOrderId: string | null; status: string; type: string; timeInForce: string; postOnly: boolean; filled: string; triggered: boolean | null };

describeEachDatabase('the signed API v1', (kind) => {
  let app: TestApp;
  let api: ReturnType<typeof apiClient>;
  let trader: Awaited<ReturnType<typeof botAccount>>;

  beforeAll(async () => {
    app = await createTestApp(kind, { env: { API_V1_REQUESTS_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000' } });
    api = apiClient(app);
    trader = await botAccount(app, api, 'bot-trader@example.com');
    // a fresh app on a loaded machine: migrations, seed and the first compilation take their time
  }, 180_000);
  afterAll(async () => {
    expect((await runAudit(app.db)).ok).toBe(true);
    await app.close();
  });

  describe('keys', () => {
    it('shows the secret once, keeps it only sealed, lists keys without it, and deletes them', async () => {
      const user = await registerUser(api, 'keys@example.com');
      const created = await api.post<{ id: number; key: string; secret: string; scopes: string[] }>('apikey/create', { label: 'grid bot', scopes: 'trade' }, { token: user.token });
      expect(created.body.type).toBe('ok');
      expect(created.body.message.scopes).toEqual(['read', 'trade']);
      const { id, key, secret } = created.body.message;
      const [row] = await app.db.query<{ secret_sealed: string }>('select secret_sealed from api_keys where key = $1', [key]);
      expect(row?.secret_sealed).toMatch(/^v1\./);
      expect(row?.secret_sealed).not.toContain(secret);
      const listed = await api.get<Record<string, unknown>[]>('apikey/list', {}, { token: user.token });
      expect(listed.body.message).toHaveLength(1);
      expect(JSON.stringify(listed.body.message)).not.toContain(secret);
      // a trading key without an allow-list: the 90-day rule applies, and the list says when
      expect(listed.body.message[0]).toMatchObject({ key, label: 'grid bot', disabled: false, disables_time: expect.any(String) });
      expect((await signedCall(app, { key, secret }, 'GET', '/api/v1/balances', { query: 'wallet=change' })).status).toBe(200);
      expect((await api.post('apikey/delete', { id }, { token: user.token })).body).toEqual({ type: 'ok', message: 'operation ok' });
      // refused at once, though this process read the key a moment ago
      const afterDelete = await signedCall(app, { key, secret }, 'GET', '/api/v1/balances', { query: 'wallet=change' });
      expect(afterDelete).toMatchObject({ status: 401, body: { type: 'error', message: 'invalid api key' } });
      expect((await api.post('apikey/delete', { id }, { token: user.token })).body).toEqual({ type: 'error', message: 'api key not found' });
    });

    it('refuses bad keys and writes nothing: no label, unknown scopes, a withdraw key without allow-list, a bad allow-list, the guest, a stranger’s key', async () => {
      const user = await registerUser(api, 'bad-keys@example.com');
      const create = (fields: Record<string, string>) => api.post('apikey/create', fields, { token: user.token });
      expect((await create({ label: '', scopes: 'read' })).body).toEqual({ type: 'error', message: 'enter a label' });
      expect((await create({ label: 'x', scopes: 'read,admin' })).body).toEqual({ type: 'error', message: 'invalid api key scopes' });
      expect((await create({ label: 'x', scopes: 'withdraw' })).body).toEqual({ type: 'error', message: 'withdraw scope needs an ip allow-list' });
      expect((await create({ label: 'x', scopes: 'read', ips: '10.0.0.1,not-an-address' })).body).toEqual({ type: 'error', message: 'invalid ip allow-list' });
      const guest = (await api.post<string>('user/guest_login', {})).body.message;
      if (typeof guest === 'string' && guest.length > 20) {
        expect((await api.post('apikey/create', { label: 'x', scopes: 'read' }, { token: guest })).body).toEqual({ type: 'error', message: 'guest accounts cannot do this' });
      }
      const [{ count = 0 } = {}] = await app.db.query<{ count: number }>('select count(*)::int as count from api_keys k join users u on u.id = k.user_id where u.account = $1', ['bad-keys@example.com']);
      expect(count).toBe(0);
      const [theirs] = await app.db.query<{ id: string }>('select id::text from api_keys where user_id = $1', [trader.id]);
      expect((await api.post('apikey/delete', { id: Number(theirs?.id) }, { token: user.token })).body).toEqual({ type: 'error', message: 'api key not found' });
    });

    it('disables a trading key without an allow-list that went unused for 90 days', async () => {
      const user = await registerUser(api, 'idle@example.com');
      const credentials = await createKey(api, user.token, { scopes: 'trade' });
      await app.db.query(`update api_keys set created_at = now() - interval '91 days' where key = $1`, [credentials.key]);
      const refused = await signedCall(app, credentials, 'GET', '/api/v1/balances');
      expect(refused).toMatchObject({ status: 401, body: { message: 'api key disabled' } });
      const listed = await api.get<{ disabled: boolean }[]>('apikey/list', {}, { token: user.token });
      expect(listed.body.message[0]?.disabled).toBe(true);
      // a read-only key is not touched by the rule
      const reader = await createKey(api, user.token, { scopes: 'read' });
      await app.db.query(`update api_keys set created_at = now() - interval '200 days' where key = $1`, [reader.key]);
      expect((await signedCall(app, reader, 'GET', '/api/v1/balances')).status).toBe(200);
    });
  });

  describe('signatures', () => {
    const order = { symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', quantity: '0.001', price: '1000' };

    it('covers every part: changing the method, path, query, body or timestamp each breaks it', async () => {
      const good = await signedCall(app, trader.credentials, 'GET', '/api/v1/open-orders', { query: 'symbol=BTC_USDT&limit=5' });
      expect(good.status).toBe(200);
      const broken = [
        await signedCall(app, trader.credentials, 'GET', '/api/v1/open-orders', { query: 'symbol=BTC_USDT&limit=5', signAs: { method: 'DELETE' } }),
        await signedCall(app, trader.credentials, 'GET', '/api/v1/open-orders', { query: 'symbol=BTC_USDT&limit=5', signAs: { path: '/api/v1/my-trades' } }),
        await signedCall(app, trader.credentials, 'GET', '/api/v1/open-orders', { query: 'symbol=BTC_USDT&limit=6', signAs: { query: 'symbol=BTC_USDT&limit=5' } }),
        await signedCall(app, trader.credentials, 'POST', '/api/v1/order', { body: { ...order, quantity: '100' }, signAs: { body: JSON.stringify(order) } }),
        await signedCall(app, trader.credentials, 'GET', '/api/v1/open-orders', { query: 'symbol=BTC_USDT&limit=5', signAs: { timestamp: String(Date.now() - 1) } }),
        // a part moved across the boundary of another reads differently: the length prefixes tell
        await signedCall(app, trader.credentials, 'GET', '/api/v1/open-orders', { query: 'symbol=BTC_USDT&limit=5', signAs: { path: '/api/v1/open-orders?symbol=BTC_USDT&limit=5', query: '' } }),
        await signedCall(app, { ...trader.credentials, secret: `${trader.credentials.secret}x` }, 'GET', '/api/v1/open-orders'),
      ];
      for (const reply of broken) expect(reply).toMatchObject({ status: 401, body: { type: 'error', message: 'invalid signature' } });
      expect((await signedCall(app, { key: trader.credentials.key, secret: trader.credentials.secret }, 'GET', '/api/v1/balances', { signAs: { method: 'get' } })).status).toBe(200);
      const [{ count = 0 } = {}] = await app.db.query<{ count: number }>(`select count(*)::int as count from spot_orders where user_id = $1 and quantity = 100`, [trader.id]);
      expect(count).toBe(0);
    });

    it('refuses a replayed request, here and in any process (the admission is a database write)', async () => {
      const timestamp = Date.now();
      const first = await signedCall(app, trader.credentials, 'POST', '/api/v1/order', { body: order, timestamp });
      expect(first.status).toBe(200);
      const again = await signedCall(app, trader.credentials, 'POST', '/api/v1/order', { body: order, timestamp });
      expect(again).toMatchObject({ status: 401, body: { message: 'request replayed' } });
      const [nonce] = await app.db.query<{ count: number }>(`select count(*)::int as count from api_request_nonces n join api_keys k on k.id = n.key_id where k.key = $1`, [trader.credentials.key]);
      expect(nonce?.count).toBeGreaterThan(0);
    });

    it('keeps a receive window: 5 s by default, wider when asked, 60 s at most, and refuses missing headers', async () => {
      expect((await signedCall(app, trader.credentials, 'GET', '/api/v1/balances', { timestamp: Date.now() - 8_000 })).body.message).toBe('timestamp outside the receive window');
      expect((await signedCall(app, trader.credentials, 'GET', '/api/v1/balances', { timestamp: Date.now() + 8_000 })).body.message).toBe('timestamp outside the receive window');
      expect((await signedCall(app, trader.credentials, 'GET', '/api/v1/balances', { timestamp: Date.now() - 8_000, recvWindow: 20_000 })).status).toBe(200);
      expect((await signedCall(app, trader.credentials, 'GET', '/api/v1/balances', { timestamp: Date.now() - 8_000, recvWindow: 600_000 })).status).toBe(401);
      const bare = await app.http.inject({ method: 'GET', url: '/api/v1/balances' });
      expect(bare.statusCode).toBe(401);
      expect(bare.json()).toEqual({ type: 'error', message: 'api key required' });
      const unknown = await signedCall(app, { key: 'no-such-key', secret: 'x' }, 'GET', '/api/v1/balances');
      expect(unknown).toMatchObject({ status: 401, body: { message: 'invalid api key' } });
    });

    it('answers in the caller’s language', async () => {
      const reply = await app.http.inject({ method: 'GET', url: '/api/v1/balances', headers: { lang: 'zh' } });
      expect(reply.json()).toEqual({ type: 'error', message: '请发送API密钥、时间戳和签名请求头' });
    });
  });

  describe('scopes and addresses', () => {
    it('a read key cannot trade; a trade key cannot withdraw; a withdraw key works only from its allow-list', async () => {
      const user = await registerUser(api, 'scopes@example.com');
      const reader = await createKey(api, user.token, { scopes: 'read' });
      const tradeKey = await createKey(api, user.token, { scopes: 'trade' });
      const withdrawKey = await createKey(api, user.token, { scopes: 'withdraw', ips: '127.0.0.1, 10.20.0.0/16' });
      const body = { symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', quantity: '0.001', price: '1000' };
      expect(await signedCall(app, reader, 'POST', '/api/v1/order', { body })).toMatchObject({ status: 403, body: { message: 'api key lacks the scope' } });
      expect(await signedCall(app, reader, 'DELETE', '/api/v1/orders')).toMatchObject({ status: 403, body: { message: 'api key lacks the scope' } });
      expect((await signedCall(app, reader, 'GET', '/api/v1/balances')).status).toBe(200);
      const withdrawal = { currency: 'USDT', amount: '10', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', network: '2' };
      expect(await signedCall(app, tradeKey, 'POST', '/api/v1/withdraw', { body: withdrawal })).toMatchObject({ status: 403, body: { message: 'api key lacks the scope' } });
      expect(await signedCall(app, withdrawKey, 'POST', '/api/v1/withdraw', { body: withdrawal, remoteAddress: '192.0.2.7' })).toMatchObject({ status: 403, body: { message: 'address not allowed for this api key' } });
      // from an allowed address the withdrawal's own rules answer (no funds here)
      const allowed = await signedCall(app, withdrawKey, 'POST', '/api/v1/withdraw', { body: withdrawal, remoteAddress: '10.20.3.4' });
      expect(allowed).toMatchObject({ status: 400, body: { type: 'error' } });
      expect(allowed.body.message).not.toBe('api key lacks the scope');
      // every use is in the login history: admitted and refused, per address
      const uses = await api.get<{ ip: string; requests: number; refused: number; key: string }[]>('apikey/uses', {}, { token: user.token });
      const byAddress = (key: string, ip: string) => uses.body.message.find((use) => use.key === key && use.ip === ip);
      expect(byAddress(withdrawKey.key, '192.0.2.7')).toMatchObject({ refused: 1, requests: 0 });
      expect(byAddress(withdrawKey.key, '10.20.3.4')).toMatchObject({ requests: 1 });
      expect(byAddress(reader.key, '127.0.0.1')).toMatchObject({ requests: 1, refused: 2 });
      // and in the login history the account centre shows, beside the password logins
      const history = await api.get<{ list: { ip: string; result: string; api_key?: string; requests?: number; refused?: number }[] }>('user/login_history', { limit: 50 }, { token: user.token });
      expect(history.body.message.list).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ result: 'api key', api_key: withdrawKey.key, ip: '192.0.2.7', requests: 0, refused: 1 }),
          expect.objectContaining({ result: 'api key', api_key: reader.key, ip: '127.0.0.1', requests: 1, refused: 2 }),
          expect.objectContaining({ result: 'ok' }),
        ]),
      );
    });
  });

  describe('orders', () => {
    it('places one order for a client order id under 50 concurrent retries, and answers each retry with it', async () => {
      const body = { symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', quantity: '0.01', price: '1000', clientOrderId: 'retry-me-1' };
      const now = Date.now();
      // each retry signed anew (a copy of the same signed request is a replay, refused as such)
      const replies = await Promise.all(Array.from({ length: 50 }, (_unused, index) => signedCall(app, trader.credentials, 'POST', '/api/v1/order', { body, timestamp: now - index })));
      expect(replies.map((reply) => reply.status)).toEqual(Array(50).fill(200));
      const ids = new Set(replies.map((reply) => (reply.body.message as Order).orderId));
      expect(ids.size).toBe(1);
      const rows = await app.db.query<{ id: string }>(`select id::text from spot_orders where user_id = $1 and client_order_id = 'retry-me-1'`, [trader.id]);
      expect(rows).toHaveLength(1);
      const held = await app.db.query<{ n: number }>(`select count(*)::int as n from ledger_entries where reference = $1 and reason = 'order_lock'`, [`spot:${rows[0]?.id}`]);
      expect(held[0]?.n).toBe(1);
      const byClientId = await signedCall(app, trader.credentials, 'GET', '/api/v1/order', { query: 'clientOrderId=retry-me-1' });
      expect((byClientId.body.message as Order).orderId).toBe(rows[0]?.id);
    });

    it('places post-only, IOC, FOK and stop-limit orders through the same rules as the old calls, and cancels one or all', async () => {
      const maker = await botAccount(app, api, 'bot-maker@example.com');
      const sell = await signedCall(app, maker.credentials, 'POST', '/api/v1/order', { body: { symbol: 'BTC_USDT', side: 'SELL', type: 'LIMIT', quantity: '0.5', price: '20000', postOnly: true } });
      expect(sell.body.message).toMatchObject({ status: 'open', postOnly: true });
      const crossing = await signedCall(app, trader.credentials, 'POST', '/api/v1/order', { body: { symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', quantity: '0.1', price: '20000', postOnly: true } });
      expect(crossing).toMatchObject({ status: 400, body: { type: 'error', message: 'post only order would take' } });
      const ioc = await signedCall(app, trader.credentials, 'POST', '/api/v1/order', { body: { symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', quantity: '0.7', price: '20000', timeInForce: 'IOC' } });
      expect(ioc.body.message).toMatchObject({ status: 'cancelled', filled: '0.5', timeInForce: 'IOC' });
      const fok = await signedCall(app, trader.credentials, 'POST', '/api/v1/order', { body: { symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', quantity: '0.7', price: '30000', timeInForce: 'FOK' } });
      expect(fok.body.message).toMatchObject({ status: 'cancelled', filled: '0' });
      const stop = await signedCall(app, trader.credentials, 'POST', '/api/v1/order', { body: { symbol: 'BTC_USDT', side: 'SELL', type: 'STOP_LIMIT', quantity: '0.1', price: '15000', stopPrice: '16000', clientOrderId: 'stop-1' } });
      expect(stop.body.message).toMatchObject({ status: 'open', type: 'STOP_LIMIT', triggered: false, clientOrderId: 'stop-1' });
      const open = await signedCall(app, trader.credentials, 'GET', '/api/v1/open-orders', { query: 'symbol=BTC_USDT' });
      expect((open.body.message as Order[]).some((order) => order.clientOrderId === 'stop-1')).toBe(true);
      const cancelled = await signedCall(app, trader.credentials, 'DELETE', '/api/v1/order', { query: 'clientOrderId=stop-1' });
      expect(cancelled.body.message).toMatchObject({ status: 'cancelled' });
      const fills = await signedCall(app, trader.credentials, 'GET', '/api/v1/my-trades', { query: 'symbol=BTC_USDT' });
      expect(fills.body.message).toEqual([expect.objectContaining({ side: 'BUY', price: '20000', quantity: '0.5', maker: false })]);
      // the old call sees the same orders: one path for the rules
      await signedCall(app, trader.credentials, 'POST', '/api/v1/order', { body: { symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', quantity: '0.01', price: '900' } });
      const old = await api.post<{ list: { id: number }[] }>('transaction_in', { currency_id: 1, legal_id: 3 }, { token: trader.token });
      expect(old.body.message.list.length, JSON.stringify(old.body)).toBeGreaterThan(0);
      const all = await signedCall(app, trader.credentials, 'DELETE', '/api/v1/orders', { query: 'symbol=BTC_USDT' });
      expect((all.body.message as string[]).length).toBeGreaterThan(0);
      expect(app.core.read.openOrders(trader.id)).toEqual([]);
      // someone else's order is not found, not cancelled
      const makersOrder = (sell.body.message as Order).orderId;
      expect(await signedCall(app, trader.credentials, 'GET', '/api/v1/order', { query: `orderId=${makersOrder}` })).toMatchObject({ status: 400, body: { message: 'order not found' } });
    });

    it('moves funds between the owner’s wallets with a trade key', async () => {
      const moved = await signedCall(app, trader.credentials, 'POST', '/api/v1/transfer', { body: { currency: 'USDT', amount: '250', from: 'change', to: 'lever' } });
      expect(moved, JSON.stringify(moved.body)).toMatchObject({ status: 200, body: { type: 'ok' } });
      const balances = await signedCall(app, trader.credentials, 'GET', '/api/v1/balances', { query: 'wallet=lever' });
      expect(balances.body.message).toContainEqual({ wallet: 'lever', currency: 'USDT', available: '250', locked: '0' });
    });
  });

  describe('public market data', () => {
    it('answers markets, tickers, depth with its sequence, trades and candles without a key', async () => {
      const markets = await app.http.inject({ method: 'GET', url: '/api/v1/markets' });
      expect(markets.json().message).toContainEqual(expect.objectContaining({ symbol: 'BTC_USDT', base: 'BTC', quote: 'USDT' }));
      const depth = await app.http.inject({ method: 'GET', url: '/api/v1/depth?symbol=BTC_USDT' });
      expect(depth.json().message).toMatchObject({ symbol: 'BTC_USDT', seq: expect.any(Number) });
      for (const url of ['/api/v1/tickers', '/api/v1/ticker?symbol=BTC_USDT', '/api/v1/trades?symbol=BTC_USDT', '/api/v1/candles?symbol=BTC_USDT&interval=1min', '/api/v1/time']) {
        expect((await app.http.inject({ method: 'GET', url })).json().type, url).toBe('ok');
      }
      expect((await app.http.inject({ method: 'GET', url: '/api/v1/ticker?symbol=NOPE_USDT' })).json()).toEqual({ type: 'error', message: 'pair not found' });
    });
  });
});

describeEachDatabase('the signed API v1 rate limit', (kind) => {
  let app: TestApp;
  let credentials: ApiCredentials;
  beforeAll(async () => {
    app = await createTestApp(kind, { env: { API_V1_REQUESTS_PER_MINUTE: '3' } });
    credentials = (await botAccount(app, apiClient(app), 'limited@example.com')).credentials;
  }, 180_000);
  afterAll(() => app.close());

  it('counts per key, with X-RateLimit-* headers, and answers 429 with Retry-After past the limit', async () => {
    const first = await signedCall(app, credentials, 'GET', '/api/v1/balances');
    expect(first.headers['x-ratelimit-limit']).toBe('3');
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
    expect(first.headers['x-ratelimit-reset']).toBeDefined();
    await signedCall(app, credentials, 'GET', '/api/v1/balances');
    await signedCall(app, credentials, 'GET', '/api/v1/balances');
    const limited = await signedCall(app, credentials, 'GET', '/api/v1/balances');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.body).toEqual({ type: 'error', message: 'too many requests, please slow down' });
    // another key of the same address has its own budget
    const other = (await botAccount(app, apiClient(app), 'limited-other@example.com')).credentials;
    expect((await signedCall(app, other, 'GET', '/api/v1/balances')).status).toBe(200);
  });
});
