import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { SOCKET_PATH, userRoom } from '../../src/realtime/gateway';
import { registerUser } from '../support/accounts';
import { apiClient } from '../support/client';
import { CookieJar } from '../support/cookie-jar';
import { postFiles, TINY_PNG } from '../support/multipart';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

/**
 * The login's session cookie: old browser clients send no token in the socket handshake or on
 * `POST upload`, so those two (and nothing else) accept the cookie.
 */
describeEachDatabase('the session cookie', (kind) => {
  let app: TestApp;
  let api: ReturnType<typeof apiClient>;
  let base: string;
  let user: { token: string; id: number };
  const sockets: Socket[] = [];

  beforeAll(async () => {
    app = await createTestApp(kind, { env: { TRUST_PROXY: '127.0.0.1' } });
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`;
    api = apiClient(app);
    user = await registerUser(api, 'cookie-user@example.com');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app.close();
  });

  async function logIn(headers: Record<string, string> = {}) {
    const jar = new CookieJar();
    const reply = await api.post<string>('user/login', { user_string: 'cookie-user@example.com', password: 'secret123', type: 1 }, { headers });
    expect(reply.body.type).toBe('ok');
    const [cookie] = jar.store(reply.headers['set-cookie'] as string | string[] | undefined).filter((c) => c.name === 'tessera_session');
    return { jar, token: reply.body.message, cookie };
  }

  async function openSocket(headers: Record<string, string>): Promise<Socket> {
    const socket = connect(base, { path: SOCKET_PATH, transports: ['websocket'], forceNew: true, extraHeaders: headers });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  const login = (socket: Socket, id: number) => new Promise<{ type: string }>((resolve) => socket.emit('login', id, resolve));
  const fund = (amount: string) =>
    app.core.execute({ kind: 'adjust', key: `cookie-fund:${amount}:${Math.random()}`, userId: user.id, currencyId: 3, wallet: 'change', amount: parseAmount(amount), reason: 'deposit', reference: 'test' });

  it('is set at login: the token, httpOnly, SameSite=Lax, Path=/, for the session’s lifetime; Secure over https', async () => {
    const { token, cookie } = await logIn();
    expect(cookie?.value).toBe(token);
    const attributes = Object.fromEntries(cookie?.attributes ?? []);
    expect(attributes).toMatchObject({ httponly: '', samesite: 'Lax', path: '/', 'max-age': String(app.config.SESSION_TTL_HOURS * 3600) });
    expect(attributes).not.toHaveProperty('secure');
    const https = await logIn({ 'x-forwarded-proto': 'https' });
    expect(https.cookie?.attributes.has('secure')).toBe(true);
  });

  it('authenticates no call but upload: a private call with only the cookie answers 999', async () => {
    const { jar } = await logIn();
    expect((await api.get('user/info', {}, { headers: jar.headers() })).body).toEqual({ type: '999', message: 'please log in' });
    expect((await api.post('wallet/list', {}, { headers: jar.headers() })).body).toEqual({ type: '999', message: 'please log in' });
    expect((await api.post('transaction/in', { legal_id: 3, currency_id: 1, price: '1', num: '1' }, { headers: jar.headers() })).body.type).toBe('999');
    expect((await api.post('user/real_name', { name: 'X' }, { headers: jar.headers() })).body.type).toBe('999');
  });

  it('lets an identity photo be uploaded with only the cookie, not without it', async () => {
    const { jar } = await logIn();
    const photo = [{ filename: 'front.png', contentType: 'image/png', bytes: TINY_PNG }];
    const withCookie = await postFiles(app, '/api/upload', undefined, photo, jar.headers());
    expect(withCookie.body.type).toBe('ok');
    expect(withCookie.body.message).toMatch(/^\/uploads\/[A-Za-z0-9_-]{43}\.png$/);
    expect((await postFiles(app, '/api/upload', undefined, photo)).body).toEqual({ type: '999', message: 'please log in' });
    expect((await postFiles(app, '/api/upload', undefined, photo, { cookie: `tessera_session=${'x'.repeat(43)}` })).body.type).toBe('999');
  });

  it('proves a socket’s user at the handshake: its login joins the user’s room and it gets update_balance', async () => {
    const { jar } = await logIn();
    const socket = await openSocket(jar.headers());
    expect(await login(socket, user.id)).toEqual({ type: 'ok' });
    const pushed = new Promise((resolve) => socket.once('update_balance', resolve));
    await fund('5');
    expect(await pushed).toEqual({ type: 'update_balance', user_id: user.id });
  });

  it('joins no room for a login naming another user, or for a socket without a session', async () => {
    const { jar } = await logIn();
    const impostor = await openSocket(jar.headers());
    expect(await login(impostor, user.id + 1)).toEqual({ type: 'error' });
    const anonymous = await openSocket({});
    expect(await login(anonymous, user.id)).toEqual({ type: 'error' });
    const forged = await openSocket({ cookie: `tessera_session=${'y'.repeat(43)}` });
    expect(await login(forged, user.id)).toEqual({ type: 'error' });
    const inRooms = new Set((await app.io.in([userRoom(user.id), userRoom(user.id + 1)]).fetchSockets()).map((socket) => socket.id));
    for (const socket of [impostor, anonymous, forged]) expect(inRooms.has(String(socket.id))).toBe(false);
  });

  it('is cleared by logout, which ends the session and closes its sockets', async () => {
    const { jar, token } = await logIn();
    const socket = await openSocket(jar.headers());
    expect(await login(socket, user.id)).toEqual({ type: 'ok' });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const reply = await api.post('user/logout', {}, { token, headers: jar.headers() });
    expect(reply.body).toEqual({ type: 'ok', message: 'logged out' });
    const [cleared] = jar.store(reply.headers['set-cookie'] as string | string[] | undefined);
    expect(cleared).toMatchObject({ name: 'tessera_session', value: '' });
    expect(jar.get('tessera_session')).toBeUndefined();
    expect(await closed).toBe('io server disconnect');
    // the session is over for the token and for a cookie that still carried it
    expect((await api.get('user/info', {}, { token })).body.type).toBe('999');
    const photo = [{ filename: 'front.png', contentType: 'image/png', bytes: TINY_PNG }];
    expect((await postFiles(app, '/api/upload', undefined, photo, { cookie: `tessera_session=${token}` })).body.type).toBe('999');
  });

  it('is ended by a logout that carries only the cookie', async () => {
    const { jar, token } = await logIn();
    expect((await api.post('user/logout', {}, { headers: jar.headers() })).body).toEqual({ type: 'ok', message: 'logged out' });
    expect((await api.get('user/info', {}, { token })).body.type).toBe('999');
  });
});
