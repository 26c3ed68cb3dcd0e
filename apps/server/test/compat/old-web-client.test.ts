import type { AddressInfo } from 'node:net';
import io, { type LegacySocket } from 'socket-io-client-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '../../src/realtime/gateway';
import { CookieJar } from '../support/cookie-jar';
import { multipartBody, TINY_JPEG, TINY_PNG } from '../support/multipart';
import { atoms, BTC, key, LeverHarness, USDT } from '../lever/harness';
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
    base,
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
    /** socket.io 2 as the old client opens it: default transports (polling, then upgrade), no token; its listeners set first */
    async openSocket(listeners: Record<string, (payload: unknown) => void> = {}): Promise<LegacySocket> {
      const socket = io(base, { path: SOCKET_PATH, forceNew: true, reconnection: false, extraHeaders: jar.headers() });
      for (const [event, listener] of Object.entries(listeners)) socket.on(event, listener);
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
  describe('the screens that still broke (issue 26)', () => {
    let h: LeverHarness;
    /** a second person at the old client, registering by phone */
    let phoneClient: ReturnType<typeof oldBrowser>;
    const phone = '13700002626';

    async function codeFor(to: string): Promise<string> {
      const outbox = await client.get<{ code: string }[]>('dev/outbox', { to });
      return outbox.message[0]?.code ?? '';
    }

    beforeAll(async () => {
      const login = await client.post<string>('user/login', { user_string: account, password, type: 1, is_vistor: 0 });
      client.setToken(login.message);
      h = new LeverHarness(app.db).use(app.core, app.services.indexFeed);
      await h.init();
      await h.markAt('60000');
      phoneClient = oldBrowser(client.base);
    });

    it('1. lists markets: every quotation item carries the currency_type that currency/type answers', async () => {
      const types = await client.get<{ value: number }[]>('currency/type');
      const shown = types.message[0]?.value;
      expect(shown).toBe(3);
      const groups = await client.get<{ quotation: { currency_type: number; symbol: string }[] }[]>('currency/quotation_new');
      const items = groups.message.flatMap((group) => group.quotation);
      expect(items.length).toBeGreaterThan(0);
      // the client's own filter keeps every item
      expect(items.filter((item) => item.currency_type === shown)).toHaveLength(items.length);
      // the daymarket push, built from the same figures, carries it too
      socket = await client.openSocket();
      const pushed = new Promise<{ currency_type: number }>((resolve) => socket?.once('daymarket', (payload) => resolve(payload as { currency_type: number })));
      await app.core.execute({ kind: 'spot_place', key: key('compat'), userId: h.makers[1], pairId: h.pairId, side: 'sell', type: 'limit', quantity: atoms('0.001'), price: atoms('60000') });
      await app.core.execute({ kind: 'spot_place', key: key('compat'), userId: h.makers[0], pairId: h.pairId, side: 'buy', type: 'limit', quantity: atoms('0.001'), price: atoms('60000') });
      expect((await pushed).currency_type).toBe(shown);
    });

    it('2. opens a lever position with a multiple read as item.value', async () => {
      const userId = (await client.get<{ id: number }>('user/info')).message.id;
      await h.fund(userId, 'lever', '1000');
      const deal = await client.post<{ multiple: { muit: { value: number }[]; share: { value: number }[] } }>('lever/deal', { legal_id: USDT, currency_id: BTC });
      const options = deal.message.multiple.muit.map((item) => item.value);
      expect(options.every((value) => Number.isInteger(value) && value > 0)).toBe(true);
      expect(deal.message.multiple.share.every((item) => Number.isInteger(item.value))).toBe(true);
      const opened = await client.post('lever/submit', { legal_id: USDT, currency_id: BTC, multiple: String(options[0]), share: 1, type: 1, status: 1 });
      expect(opened.type).toBe('ok');
    });

    it('3. sets the withdrawal password with user/register and with set_withdraw_password', async () => {
      expect((await phoneClient.post('sms_send', { user_string: phone, country_code: '86' })).type).toBe('ok');
      const outbox = await phoneClient.get<{ code: string }[]>('dev/outbox', { to: `+86${phone}` });
      const code = outbox.message[0]?.code ?? '';
      const registered = await phoneClient.post('user/register', {
        type: 'mobile',
        user_string: phone,
        code,
        password,
        re_password: password,
        withdraw_password: '246810',
        extension_code: '',
        country_code: '86',
      });
      expect(registered).toEqual({ type: 'ok', message: 'operation ok' });
      const login = await phoneClient.post<string>('user/login', { user_string: phone, password, type: 1, area_code: '86' });
      expect(login.type).toBe('ok');
      phoneClient.setToken(login.message);
      expect((await phoneClient.get<{ pay_password_set: number }>('user/center')).message.pay_password_set).toBe(1);

      // the first client: a code for its own account (no type, logged in), then the old call
      expect((await client.get<{ pay_password_set: number }>('user/center')).message.pay_password_set).toBe(0);
      expect(await client.post('sms_mail', { user_string: account })).toEqual({ type: 'ok', message: 'operation ok' });
      const withdraw = await client.post('set_withdraw_password', { code: await codeFor(account), account, withdraw_password: '135790' });
      expect(withdraw).toEqual({ type: 'ok', message: 'operation ok' });
      expect((await client.get<{ pay_password_set: number }>('user/center')).message.pay_password_set).toBe(1);
      // with a password set, a code still proves the account; a wrong one changes nothing
      expect((await client.post('set_withdraw_password', { code: '000000', account, withdraw_password: '112233' })).type).toBe('error');
    });

    it('4. submits identity with a placeholder hand-held photo; the reviewer sees it absent', async () => {
      const front = await phoneClient.upload(TINY_PNG, 'front.png');
      const back = await phoneClient.upload(TINY_JPEG, 'back.jpg');
      const submitted = await phoneClient.post('user/real_name', {
        name: 'Phone Client',
        card_id: '110105194912310029',
        front_pic: front.message,
        reverse_pic: back.message,
        hand_pic: '../../static/imgs/addimg.png',
      });
      expect(submitted).toEqual({ type: 'ok', message: 'operation ok' });
      const [row] = await app.db.query<{ front_pic: string; hand_pic: string }>(
        `select front_pic, hand_pic from identity_submissions s join users u on u.id = s.user_id where u.account = $1`,
        [`+86${phone}`],
      );
      expect(row).toEqual({ front_pic: front.message, hand_pic: '' });
    });

    it('5. binds an e-mail with a code asked for without type while logged in', async () => {
      const email = 'phone.client@example.com';
      expect(await phoneClient.post('sms_mail', { user_string: email })).toEqual({ type: 'ok', message: 'operation ok' });
      const outbox = await phoneClient.get<{ code: string }[]>('dev/outbox', { to: email });
      const bound = await phoneClient.post('safe/email', { email, code: outbox.message[0]?.code ?? '' });
      expect(bound).toEqual({ type: 'ok', message: 'operation ok' });
      expect((await phoneClient.get<{ email: string }>('user/center')).message.email).toBe(email);
    });

    it('6. reads acceptor/info without a token, and is not logged out', async () => {
      const list = await client.get<{ id: number }[]>('acceptor/list');
      const id = list.message[0]?.id ?? 0;
      expect(id).toBeGreaterThan(0);
      const visitor = oldBrowser(client.base);
      const info = await visitor.get<{ id: number; name: string }>('acceptor/info', { id, address: '' });
      expect(info.type).toBe('ok');
      expect(info.message.id).toBe(id);
      // the other acceptor calls still want a session
      expect((await visitor.get('acceptor/list')).type).toBe('999');
    });

    it('7. shows the second-contract balance: with insurance off, micro_with_insurance is the available micro balance', async () => {
      const userId = (await client.get<{ id: number }>('user/info')).message.id;
      await h.fund(userId, 'micro', '75');
      const payable = await client.get<{ id: number; user_wallet: { micro_balance: string; micro_with_insurance: string } }[]>('microtrade/payable_currencies');
      const usdt = payable.message.find((item) => item.id === USDT);
      expect(usdt?.user_wallet.micro_balance).toBe('75.00000000');
      expect(usdt?.user_wallet.micro_with_insurance).toBe('75.00000000');
    });

    it('8. shows "usable" on the transfer form from user_currency_list wallet balances', async () => {
      const list = await client.get<{ id: number; wallet: Record<string, string> }[]>('currency/user_currency_list');
      const usdt = list.message.filter((item) => item.id === USDT);
      expect(usdt[0]?.wallet).toEqual({
        legal_balance: '0.00000000',
        change_balance: '500.00000000',
        micro_balance: '75.00000000',
        lever_balance: expect.stringMatching(/^\d+\.\d{8}$/),
      });
    });

    it('9. gets a kline with change for every pair on connecting and for a pair on subscribing', async () => {
      const seen = new Map<string, { change: string; close: string }>();
      const fresh = await client.openSocket({
        kline: (payload) => {
          const bar = payload as { symbol: string; period: string; change: string; close: string };
          if (bar.period === '1min') seen.set(bar.symbol, bar);
        },
      });
      try {
        const groups = await client.get<{ quotation: { symbol: string }[] }[]>('currency/quotation_new');
        const symbols = groups.message.flatMap((group) => group.quotation.map((item) => item.symbol));
        await expect.poll(() => symbols.filter((symbol) => !seen.has(symbol))).toEqual([]);
        // BTC/USDT traded above: its 24 h change; every bar has a price to market orders from
        expect(seen.get('BTC/USDT')?.change).toMatch(/^[+-]?\d+\.\d{2}$/);
        for (const bar of seen.values()) expect(Number(bar.close)).toBeGreaterThan(0);
        const subscribed = new Promise<{ symbol: string; change: string }>((resolve) => fresh.once('kline', (payload) => resolve(payload as { symbol: string; change: string })));
        fresh.emit('sub', { legal_id: USDT, currency_id: 2 });
        expect(await subscribed).toMatchObject({ symbol: 'ETH/USDT', change: expect.stringMatching(/^[+-]?\d+\.\d{2}$/) });
      } finally {
        fresh.close();
      }
    });

    it('10. GET /qr_create answers a PNG, as /api/qrcode does', async () => {
      const response = await fetch(`${client.base}/qr_create?text=${encodeURIComponent('https://tessera.example/app')}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      const same = await fetch(`${client.base}/api/qrcode?text=${encodeURIComponent('https://tessera.example/app')}`);
      expect(Buffer.from(await same.arrayBuffer())).toEqual(bytes);
    });

    it('11. reads lever book rows as [price, number] arrays, and by field name', async () => {
      await app.core.execute({ kind: 'spot_place', key: key('compat'), userId: h.makers[0], pairId: h.pairId, side: 'buy', type: 'limit', quantity: atoms('0.01'), price: atoms('59990') });
      const deal = await client.post<{ lever_transaction: { in: Record<string, string>[] } }>('lever/deal', { legal_id: USDT, currency_id: BTC });
      const row = deal.message.lever_transaction.in[0] as unknown as string[] & { price: string; number: string };
      expect(row[0]).toBe(row.price);
      expect(row[1]).toBe(row.number);
      expect(Number(row[0])).toBeGreaterThan(0);
      expect(Number(row[1])).toBeGreaterThan(0);
    });
  });
});
