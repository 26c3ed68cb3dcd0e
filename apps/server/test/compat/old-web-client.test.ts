import type { AddressInfo } from 'node:net';
import io, { type LegacySocket } from 'socket-io-client-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '../../src/realtime/gateway';
import { CookieJar } from '../support/cookie-jar';
import { multipartBody, TINY_JPEG, TINY_PNG } from '../support/multipart';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

interface Envelope<T = unknown> {
  type: string;
  message: T;
  [field: string]: unknown;
}

/**
 * The old product's web client (Vue 2, socket.io-client 2.5) against a real listening server, the
 * way it talks: form-urlencoded bodies, a `_timespan` on every request, the raw token in
 * `Authorization`, the browser's cookies, and a socket.io 2 client over Engine.IO 3 that is given
 * no token. One user goes through the flows in order, as a person at that client would.
 */
function oldBrowser(base: string) {
  const jar = new CookieJar();
  let token: string | undefined;
  const stamp = () => `_timespan=${Date.now()}`;

  async function send<T>(method: 'GET' | 'POST', path: string, fields: Record<string, string | number> = {}, body?: { contentType: string; payload: Buffer }) {
    const form = new URLSearchParams(Object.entries(fields).map(([key, value]): [string, string] => [key, String(value)])).toString();
    const headers: Record<string, string> = { ...jar.headers(), ...(token ? { authorization: token } : {}) };
    const url = method === 'GET' ? `${base}/api/${path}?${stamp()}${form ? `&${form}` : ''}` : `${base}/api/${path}?${stamp()}`;
    const init: RequestInit =
      method === 'GET'
        ? { method, headers }
        : body
          ? { method, headers: { ...headers, 'content-type': body.contentType }, body: new Uint8Array(body.payload) }
          : { method, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' }, body: form };
    const response = await fetch(url, init);
    expect(response.status, path).toBe(200);
    jar.store(response.headers.getSetCookie());
    return (await response.json()) as Envelope<T>;
  }

  return {
    jar,
    get: <T = unknown>(path: string, query?: Record<string, string | number>) => send<T>('GET', path, query),
    post: <T = unknown>(path: string, fields?: Record<string, string | number>) => send<T>('POST', path, fields),
    /** an `<input type="file">` posted on its own, as the identity screen does: no token header */
    async upload(bytes: Buffer, filename: string) {
      const saved = token;
      token = undefined;
      try {
        return await send<string>('POST', 'upload', {}, multipartBody([{ filename, contentType: filename.endsWith('.png') ? 'image/png' : 'image/jpeg', bytes }]));
      } finally {
        token = saved;
      }
    },
    /** what the client keeps in localStorage after logging in and sends as `Authorization` */
    setToken(value: string | undefined) {
      token = value;
    },
    /** socket.io 2 as the old client opens it: default transports (polling, then upgrade), no token */
    async openSocket(): Promise<LegacySocket> {
      const socket = io(base, { path: SOCKET_PATH, forceNew: true, reconnection: false, extraHeaders: jar.headers() });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', (error) => reject(error instanceof Error ? error : new Error(String(error))));
      });
      return socket;
    },
  };
}

describeEachDatabase('the old web client against Tessera', (kind) => {
  let app: TestApp;
  let client: ReturnType<typeof oldBrowser>;
  let socket: LegacySocket | undefined;
  const account = 'oldclient@example.com';
  const password = 'secret123';
  let userId = 0;
  let addresses = new Map<string, string>();

  beforeAll(async () => {
    app = await createTestApp(kind);
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    client = oldBrowser(`http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    socket?.close();
    await app.close();
  });

  describe('in order, as a user would', () => {
    it('registers with the check-first form: the code is checked alone, then register carries an empty code', async () => {
      expect(await client.post('sms_mail', { user_string: account, lan: 'en' })).toEqual({ type: 'ok', message: 'operation ok' });
      const outbox = await client.get<{ code: string }[]>('dev/outbox', { to: account });
      const code = outbox.message[0]?.code ?? '';
      expect(code).toMatch(/^\d{6}$/);
      expect(await client.post('user/check_email', { email_code: code })).toEqual({ type: 'ok', message: 'operation ok' });
      const registered = await client.post('user/register', {
        type: 'email',
        user_string: account,
        code: '',
        password,
        re_password: password,
        extension_code: '',
        country_code: '86',
      });
      expect(registered).toEqual({ type: 'ok', message: 'operation ok' });
    });

    it('logs in with a form body and uses the raw token', async () => {
      const login = await client.post<string>('user/login', { user_string: account, password, type: 1, is_vistor: 0 });
      expect(login.type).toBe('ok');
      client.setToken(login.message);
      expect(client.jar.get('tessera_session')).toBe(login.message);
      const info = await client.get<{ id: number; account: string }>('user/info');
      expect(info.message.account).toBe(account);
      userId = info.message.id;
    });

    it('reads its deposit addresses in the old CHAIN:address form', async () => {
      const reply = await client.post<{ address: string; usdt: string; eth: string }>('wallet/get_in_address', { currency: 3 });
      expect(reply.type).toBe('ok');
      addresses = new Map(reply.message.address.split(',').map((pair) => pair.split(':') as [string, string]));
      expect([...addresses.keys()]).toEqual(['TRC20', 'ERC20']);
      expect(addresses.get('TRC20')).toBe(reply.message.usdt);
      expect(addresses.get('ERC20')).toBe(reply.message.eth);
    });

    it('receives update_balance on a socket.io 2 socket that was given no token', async () => {
      socket = await client.openSocket();
      // the legacy client speaks Engine.IO 3
      const serverSide = app.io.sockets.sockets.get(socket.id);
      expect((serverSide?.conn as unknown as { protocol: number } | undefined)?.protocol).toBe(3);
      const joined = await new Promise((resolve) => socket?.emit('login', userId, resolve));
      expect(joined).toEqual({ type: 'ok' });
      const pushed = new Promise((resolve) => socket?.once('update_balance', resolve));
      const deposit = await client.post('dev/chain/deposit', {
        network: 'erc20',
        address: addresses.get('ERC20') ?? '',
        currency_id: 3,
        tx_hash: `0x${'a'.repeat(64)}`,
        amount: '500',
      });
      expect(deposit.type).toBe('ok');
      expect(await pushed).toEqual({ type: 'update_balance', user_id: userId });
    });

    it('uploads identity photos without a token and submits them', async () => {
      const urls: string[] = [];
      for (const [bytes, name] of [[TINY_PNG, 'front.png'], [TINY_JPEG, 'back.jpg'], [TINY_PNG, 'hand.png']] as const) {
        const reply = await client.upload(bytes, name);
        expect(reply.type, name).toBe('ok');
        urls.push(reply.message);
      }
      const [front = '', reverse = '', hand = ''] = urls;
      expect(await client.post('user/real_name', { name: 'Old Client', card_id: '11010519491231002X', front_pic: front, reverse_pic: reverse, hand_pic: hand })).toEqual({
        type: 'ok',
        message: 'operation ok',
      });
      expect((await client.get<{ review_status: number }>('user/center')).message.review_status).toBe(1);
    });

    it('places a limit order and cancels it, its funds released', async () => {
      const before = await client.post<{ change_wallet: { balance: { currency: number; change_balance: string; lock_change_balance: string }[] } }>('wallet/list');
      const usdtBefore = before.message.change_wallet.balance.find((item) => item.currency === 3);
      expect(usdtBefore?.change_balance).toMatch(/^500(\.0+)?$/);
      const placed = await client.post('transaction/in', { legal_id: 3, currency_id: 1, price: '1000', num: '0.01' });
      expect(placed).toMatchObject({ type: 'ok', order_id: expect.any(Number) });
      const open = await client.post<{ list: { id: number }[] }>('transaction_in', { currency_id: 1 });
      expect(open.message.list.map((order) => order.id)).toContain(placed.order_id);
      expect(await client.post('transaction_del', { id: placed.order_id as number, type: 'in' })).toEqual({ type: 'ok', message: 'operation ok' });
      const after = await client.post<typeof before.message>('wallet/list');
      expect(after.message.change_wallet.balance.find((item) => item.currency === 3)).toMatchObject({
        change_balance: usdtBefore?.change_balance,
        lock_change_balance: usdtBefore?.lock_change_balance,
      });
    });

    it('formats quotation figures with toFixed, as the old quotation screen does', async () => {
      const groups = await client.get<{ quotation: { now_price: number; high: number; low: number; volume: number; price_precision: number }[] }[]>('currency/quotation_new');
      const btc = groups.message[0]?.quotation[0];
      expect(btc).toBeDefined();
      for (const figure of [btc?.now_price, btc?.high, btc?.low, btc?.volume]) expect(figure?.toFixed(btc?.price_precision ?? 2)).toMatch(/^\d+\.\d+$/);
    });

    it('logs out: the session cookie is cleared and the socket closed', async () => {
      const closed = new Promise((resolve) => socket?.once('disconnect', resolve));
      expect(await client.post('user/logout')).toEqual({ type: 'ok', message: 'logged out' });
      expect(client.jar.get('tessera_session')).toBeUndefined();
      expect(await closed).toBe('io server disconnect');
      expect((await client.get('user/info')).type).toBe('999');
    });
  });
});
