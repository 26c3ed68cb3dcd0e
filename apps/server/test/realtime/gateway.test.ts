import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { beforeAll, expect, it } from 'vitest';
import { originAllowed, SOCKET_PATH, userRoom } from '../../src/realtime/gateway';
import { tokenDigest } from '../../src/lib/tokens';
import { latestCode, operatorCall, operatorToken, registerUser } from '../support/accounts';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

function once<T>(socket: Socket, event: string, timeoutMs: number): Promise<T | 'timeout'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describeEachDatabase('socket gateway', (kind) => {
  let base: string;
  let userId: number;
  let token: string;
  const { app, api } = useTestApp(kind);
  beforeAll(async () => {
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`;
    token = await api.login('demo@tessera.example', 'demo1234');
    userId = (await api.get<{ id: number }>('user/info', {}, { token })).body.message.id;
  });

  async function openSocket(auth: Record<string, string>): Promise<Socket> {
    const socket = connect(base, { path: SOCKET_PATH, auth, transports: ['websocket'], forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  it('delivers private pushes to a socket that proved it is that user', async () => {
    const socket = await openSocket({ token });
    socket.emit('login', userId);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const received = once<{ type: string }>(socket, 'update_balance', 2000);
    app.io.to(userRoom(userId)).emit('update_balance', { type: 'update_balance' });
    expect(await received).toEqual({ type: 'update_balance' });
    socket.close();
  });

  it('gives nothing private to a login naming another user, or without a token', async () => {
    const impostor = await openSocket({ token });
    impostor.emit('login', userId + 1);
    const anonymous = await openSocket({});
    anonymous.emit('login', userId);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const toImpostor = once(impostor, 'update_balance', 300);
    const toAnonymous = once(anonymous, 'update_balance', 300);
    app.io.to(userRoom(userId + 1)).emit('update_balance', { type: 'update_balance' });
    app.io.to(userRoom(userId)).emit('update_balance', { type: 'update_balance' });
    expect(await toImpostor).toBe('timeout');
    expect(await toAnonymous).toBe('timeout');
    impostor.close();
    anonymous.close();
  });

  it('accepts legacy Engine.IO v3 clients', async () => {
    const response = await fetch(`${base}${SOCKET_PATH}?EIO=3&transport=polling`);
    expect(response.status).toBe(200);
    const body = await response.text();
    // v3 polling frames are length-prefixed: "<len>:0{...sid...}"
    expect(body).toMatch(/^\d+:0\{"sid":"/);
  });

  /** The reason the server gives when it ends the socket ('timeout' when it does not). */
  const ended = (socket: Socket) => once<string>(socket, 'disconnect', 3000);

  /** Whether the server still holds the socket open (after a reply, its disconnects were sent). */
  const heldOpen = (socket: Socket) => app.io.sockets.sockets.get(socket.id ?? '')?.connected === true;

  it('disconnects the sockets of a session at its logout, and only those', async () => {
    const user = await registerUser(api, 'socket.logout@example.com');
    const otherSession = await api.login('socket.logout@example.com', 'secret123');
    const [first, second, other] = await Promise.all([
      openSocket({ token: user.token }),
      openSocket({ token: user.token }),
      openSocket({ token: otherSession }),
    ]);
    const endings = [ended(first), ended(second)];
    expect((await api.post('user/logout', {}, { token: user.token })).body.type).toBe('ok');
    expect(await Promise.all(endings)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(heldOpen(other)).toBe(true);
    other.close();
  });

  it('disconnects the other sessions\' sockets at a password change, keeping the session that changed it', async () => {
    const user = await registerUser(api, 'socket.change@example.com');
    const otherSession = await api.login('socket.change@example.com', 'secret123');
    const [own, other] = await Promise.all([openSocket({ token: user.token }), openSocket({ token: otherSession })]);
    const ending = ended(other);
    expect((await api.post('sms_mail', { user_string: 'socket.change@example.com', type: 'forget' })).body.type).toBe('ok');
    const code = await latestCode(api, 'socket.change@example.com');
    const changed = await api.post('safe/update_password', { code, password: 'newpass123', repassword: 'newpass123' }, { token: user.token });
    expect(changed.body.type).toBe('ok');
    expect(await ending).toBe('io server disconnect');
    expect(heldOpen(own)).toBe(true);
    own.close();
  });

  it('disconnects every socket of the user at a forgotten-password reset', async () => {
    const user = await registerUser(api, 'socket.forget@example.com');
    const otherSession = await api.login('socket.forget@example.com', 'secret123');
    const sockets = await Promise.all([openSocket({ token: user.token }), openSocket({ token: otherSession })]);
    const endings = sockets.map(ended);
    expect((await api.post('sms_mail', { user_string: 'socket.forget@example.com', type: 'forget' })).body.type).toBe('ok');
    const code = await latestCode(api, 'socket.forget@example.com');
    const reset = await api.post('user/forget', { account: 'socket.forget@example.com', code, password: 'newpass123', repassword: 'newpass123' });
    expect(reset.body.type).toBe('ok');
    expect(await Promise.all(endings)).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('disconnects every socket of the user at an operator lock, and no one else\'s', async () => {
    const user = await registerUser(api, 'socket.lock@example.com');
    const otherSession = await api.login('socket.lock@example.com', 'secret123');
    const [first, second, bystander] = await Promise.all([
      openSocket({ token: user.token }),
      openSocket({ token: otherSession }),
      openSocket({ token }),
    ]);
    const endings = [ended(first), ended(second)];
    const call = operatorCall(app, await operatorToken(app));
    expect((await call('POST', `/users/${user.id}/lock`, { reason: 'suspicious activity' })).status).toBe(200);
    expect(await Promise.all(endings)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(heldOpen(bystander)).toBe(true);
    bystander.close();
  });

  it('gives a revoked token no private socket', async () => {
    const user = await registerUser(api, 'socket.stale@example.com');
    await api.post('user/logout', {}, { token: user.token });
    const socket = await openSocket({ token: user.token });
    socket.emit('login', user.id);
    const delivered = once(socket, 'update_balance', 300);
    app.io.to(userRoom(user.id)).emit('update_balance', { type: 'update_balance' });
    expect(await delivered).toBe('timeout');
    socket.close();
  });

  it('disconnects a socket when its session expires', async () => {
    const expiring = await api.login('demo@tessera.example', 'demo1234');
    await app.db.query(`update sessions set expires_at = now() + interval '3 seconds' where token_hash = $1`, [tokenDigest(expiring)]);
    const lasting = await openSocket({ token });
    const socket = await openSocket({ token: expiring });
    const ended = once(socket, 'disconnect', 10_000);
    // the socket proved the session while it lasted
    expect(await socket.emitWithAck('login', userId)).toEqual({ type: 'ok' });
    expect(await ended).not.toBe('timeout');
    expect(lasting.connected).toBe(true);
    lasting.close();
  });

  it('refuses a socket from a page of another site, and allows its own host, allowed origins and clients without an Origin', async () => {
    const withOrigin = (origin: string) =>
      new Promise<'connected' | 'refused'>((resolve) => {
        const socket = connect(base, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], forceNew: true, extraHeaders: { origin }, reconnection: false });
        socket.once('connect', () => {
          socket.close();
          resolve('connected');
        });
        socket.once('connect_error', () => {
          socket.close();
          resolve('refused');
        });
      });
    expect(await withOrigin('https://evil.example')).toBe('refused');
    expect(await withOrigin('not a url')).toBe('refused');
    expect(await withOrigin(base)).toBe('connected');
    const request = (origin: string | undefined) => ({ headers: { host: 'exchange.example', ...(origin === undefined ? {} : { origin }) } }) as IncomingMessage;
    expect(originAllowed(request(undefined), [])).toBe(true);
    expect(originAllowed(request('https://exchange.example'), [])).toBe(true);
    expect(originAllowed(request('https://app.example'), [])).toBe(false);
    expect(originAllowed(request('https://app.example'), ['https://app.example'])).toBe(true);
    expect(originAllowed(request('http://app.example'), ['https://app.example'])).toBe(false);
  });
});
