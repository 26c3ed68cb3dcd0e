import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceOf } from '../../src/lib/user-agent';
import { SOCKET_PATH } from '../../src/realtime/gateway';
import { registerUser } from '../support/accounts';
import { openApiOperations } from '../support/openapi';
import { manualClock } from '../support/clock';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

interface SessionItem {
  id: number;
  device: string;
  ip: string;
  place: string;
  created_at: string;
  last_seen: string;
  current: number;
}

describe('device names from user agents', () => {
  it('names the browser and system, else the first product token', () => {
    expect(deviceOf(CHROME_WINDOWS)).toBe('Chrome 120 on Windows');
    expect(deviceOf(SAFARI_IPHONE)).toBe('Safari 17 on iPhone');
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0')).toBe('Firefox 121 on Linux');
    expect(deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91')).toBe('Edge 120 on macOS');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36')).toBe('Chrome 120 on Android');
    expect(deviceOf('curl/8.5.0')).toBe('curl/8.5.0');
    expect(deviceOf('')).toBe('');
  });
});

describeEachDatabase('sessions and login history', (kind) => {
  const time = manualClock();
  let base: string;
  let user: { token: string; id: number };
  const loginFrom = async (userAgent: string, remoteAddress: string, headers: Record<string, string> = {}) => {
    const reply = await api.post<string>('user/login', { user_string: 'sessions@example.com', password: 'secret123' }, { headers: { 'user-agent': userAgent, ...headers }, remoteAddress });
    expect(reply.body.type).toBe('ok');
    return reply.body.message;
  };
  const sessions = async (token: string) => (await api.get<SessionItem[]>('user/sessions', {}, { token })).body;

  async function openSocket(token: string): Promise<Socket> {
    const socket = connect(base, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }
  /** The reason the server gave when it ended the socket, or 'timeout'. */
  function closed(socket: Socket, timeoutMs = 3000): Promise<string> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), timeoutMs);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
  }

  const { app, api } = useTestApp(kind, { clock: time.clock, env: { TRUST_PROXY: '10.9.0.1' } });
  beforeAll(async () => {
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`;
    user = await registerUser(api, 'sessions@example.com');
  });

  it('documents every account-protection call in the OpenAPI document, with the code fields of the guarded calls', () => {
    const operations = openApiOperations(app);
    const named = new Set(operations.map((operation) => `${operation.method} ${operation.url}`));
    for (const call of [
      'GET /api/google_bind/secret',
      'POST /api/google_bind/bind',
      'POST /api/google_bind/unbind',
      'GET /api/safe/protection',
      'POST /api/safe/anti_phishing',
      'POST /api/safe/allow_list',
      'GET /api/user/sessions',
      'POST /api/user/session_end',
      'POST /api/user/session_end_others',
      'GET /api/user/login_history',
      'POST /api/user/lock_account',
      'POST /admin/api/users/:userId/sessions/end',
      'POST /admin/api/users/:userId/second-factor/reset',
      'PUT /admin/api/settings/withdrawal-limits',
    ]) {
      expect(named.has(call), call).toBe(true);
    }
    for (const guarded of ['/api/user/login', '/api/wallet/out', '/api/wallet/addaddress', '/api/safe/update_password', '/api/safe/set_pay_password', '/api/safe/reset_pay_password', '/api/safe/email']) {
      expect(operations.find((operation) => operation.method === 'POST' && operation.url === guarded)?.bodyFields, guarded).toContain('google_code');
    }
  });

  it('lists the live sessions with device, address, place and last use, marking the caller’s own', async () => {
    const chrome = await loginFrom(CHROME_WINDOWS, '198.51.100.7');
    time.advanceMinutes(5);
    // through the trusted proxy, the CDN's country header names the place; from anyone else it is ignored
    const safari = await loginFrom(SAFARI_IPHONE, '10.9.0.1', { 'x-forwarded-for': '203.0.113.9', 'cf-ipcountry': 'de' });
    await loginFrom(CHROME_WINDOWS, '198.51.100.8', { 'cf-ipcountry': 'FR' });
    const list = await sessions(safari);
    expect(list.type).toBe('ok');
    const bySafari = list.message.find((item) => item.current === 1);
    expect(bySafari).toMatchObject({ device: 'Safari 17 on iPhone', ip: '203.0.113.9', place: 'DE' });
    expect(list.message.find((item) => item.ip === '198.51.100.8')).toMatchObject({ device: 'Chrome 120 on Windows', place: '', current: 0 });
    const byChrome = list.message.find((item) => item.ip === '198.51.100.7');
    expect(byChrome?.last_seen).toBe('2026-11-22 08:00:00');
    // using a session moves its last use (written at most once a minute)
    time.advanceMinutes(2);
    await api.get('user/info', {}, { token: chrome });
    time.advanceMinutes(1);
    const later = await sessions(safari);
    expect(later.message.find((item) => item.ip === '198.51.100.7')?.last_seen).toBe('2026-11-22 08:07:00');
  });

  it('ends one session: its token stops working and its socket closes at once', async () => {
    const mine = await loginFrom(CHROME_WINDOWS, '198.51.100.20');
    const other = await loginFrom(SAFARI_IPHONE, '198.51.100.21');
    const socket = await openSocket(other);
    const end = closed(socket);
    const target = (await sessions(mine)).message.find((item) => item.ip === '198.51.100.21');
    expect((await api.post('user/session_end', { id: target?.id ?? 0 }, { token: mine })).body).toEqual({ type: 'ok', message: 'operation ok' });
    expect(await end).toBe('io server disconnect');
    expect((await api.get('user/info', {}, { token: other })).body.type).toBe('999');
    expect((await api.get('user/info', {}, { token: mine })).body.type).toBe('ok');
    // ended once, it is no longer there to end
    expect((await api.post('user/session_end', { id: target?.id ?? 0 }, { token: mine })).body).toEqual({ type: 'error', message: 'session not found' });
  });

  it('refuses to end another user’s session, which goes on', async () => {
    const stranger = await registerUser(api, 'stranger-sessions@example.com');
    const target = (await sessions(user.token)).message.find((item) => item.current === 1);
    expect((await api.post('user/session_end', { id: target?.id ?? 0 }, { token: stranger.token })).body).toEqual({ type: 'error', message: 'session not found' });
    expect((await api.get('user/info', {}, { token: user.token })).body.type).toBe('ok');
    expect((await api.post('user/session_end', { id: 'x' }, { token: stranger.token })).body.type).toBe('error');
  });

  it('ends every other session, closing their sockets, and keeps the caller’s', async () => {
    const keep = await loginFrom(CHROME_WINDOWS, '198.51.100.30');
    const other = await loginFrom(SAFARI_IPHONE, '198.51.100.31');
    const keptSocket = await openSocket(keep);
    const otherSocket = await openSocket(other);
    const ended = closed(otherSocket);
    const kept = closed(keptSocket, 500);
    expect((await api.post('user/session_end_others', {}, { token: keep })).body.type).toBe('ok');
    expect(await ended).toBe('io server disconnect');
    expect(await kept).toBe('timeout');
    const left = (await sessions(keep)).message;
    expect(left).toHaveLength(1);
    expect(left[0]?.current).toBe(1);
    keptSocket.close();
  });

  it('keeps a login history of 90 days: time, address, device, result', async () => {
    await api.post('user/login', { user_string: 'sessions@example.com', password: 'wrong-password' }, { headers: { 'user-agent': CHROME_WINDOWS }, remoteAddress: '192.0.2.50' });
    const token = await loginFrom(CHROME_WINDOWS, '198.51.100.40');
    const history = await api.get<{ list: { time: string; ip: string; device: string; result: string }[]; total: number }>('user/login_history', { page: 1, limit: 2 }, { token });
    expect(history.body.message.list).toMatchObject([
      { ip: '198.51.100.40', device: 'Chrome 120 on Windows', result: 'ok' },
      { ip: '192.0.2.50', device: 'Chrome 120 on Windows', result: 'wrong password' },
    ]);
    const total = history.body.message.total;
    expect(total).toBeGreaterThan(5);
    time.advanceMinutes(89 * 24 * 60);
    const fresh = await loginFrom(CHROME_WINDOWS, '198.51.100.41');
    expect((await api.get<{ total: number }>('user/login_history', {}, { token: fresh })).body.message.total).toBe(total + 1);
    time.advanceMinutes(2 * 24 * 60);
    const after = await loginFrom(CHROME_WINDOWS, '198.51.100.42');
    // the tries of more than 90 days ago are gone from the history, and from the table
    expect((await api.get<{ total: number }>('user/login_history', {}, { token: after })).body.message.total).toBe(2);
    const [row] = await app.db.query<{ n: number }>('select count(*)::int as n from login_history where user_id = $1', [user.id]);
    expect(row?.n).toBe(2);
  });
});
