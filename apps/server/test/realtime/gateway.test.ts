import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SOCKET_PATH, userRoom } from '../../src/realtime/gateway';
import { apiClient } from '../support/client';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

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
  let app: TestApp;
  let base: string;
  let userId: number;
  let token: string;
  beforeAll(async () => {
    app = await createTestApp(kind);
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`;
    const api = apiClient(app);
    token = await api.login('demo@tessera.example', 'demo1234');
    userId = (await api.get<{ id: number }>('user/info', {}, { token })).body.message.id;
  });
  afterAll(() => app.close());

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
});
