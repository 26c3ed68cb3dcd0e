import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { RealtimeConnection, type SocketIdentity } from './socket';

/** Enough of a socket.io client socket for the connection manager. */
class FakeSocket {
  connected = false;
  disconnected = false;
  readonly sent: [string, unknown][] = [];
  private readonly listeners = new Map<string, ((payload?: unknown) => void)[]>();

  constructor(readonly identity: SocketIdentity) {}

  on(event: string, listener: (payload?: unknown) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, payload: unknown) {
    this.sent.push([event, payload]);
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  disconnect() {
    this.disconnected = true;
    this.connected = false;
    return this;
  }
  /** The server side: a connection, or a push. */
  fire(event: string, payload?: unknown) {
    if (event === 'connect') this.connected = true;
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }
}

describe('realtime connection', () => {
  let sockets: FakeSocket[];
  let connection: RealtimeConnection;
  const open = (identity: SocketIdentity) => {
    const socket = new FakeSocket(identity);
    sockets.push(socket);
    return Promise.resolve(socket as unknown as Socket);
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  beforeEach(() => {
    sockets = [];
    connection = new RealtimeConnection(open);
  });
  afterEach(() => vi.useRealTimers());

  it('opens on the first holder, logs in with the user id and re-sends pair subscriptions', async () => {
    connection.setIdentity({ token: 'tok', userId: '7' });
    connection.subscribePair({ legal_id: 3, currency_id: 1 });
    connection.acquire();
    await settle();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.identity.token).toBe('tok');
    sockets[0]?.fire('connect');
    expect(sockets[0]?.sent).toEqual([
      ['login', '7'],
      ['sub', { legal_id: 3, currency_id: 1 }],
    ]);
    expect(connection.status).toBe('open');
  });

  it('hands each push to its listeners and ignores payloads that are not objects', async () => {
    const seen: unknown[] = [];
    connection.on('market_depth', (payload) => seen.push(payload));
    connection.acquire();
    await settle();
    sockets[0]?.fire('market_depth', { type: 'market_depth', legal_id: 3, currency_id: 1, bids: [], asks: [] });
    sockets[0]?.fire('market_depth', 'junk');
    sockets[0]?.fire('kline', { type: 'kline' });
    expect(seen).toHaveLength(1);
  });

  it('reconnects with a new token, and only logs in again for a new user id on the same token', async () => {
    connection.setIdentity({ token: 'a', userId: '1' });
    connection.acquire();
    await settle();
    sockets[0]?.fire('connect');
    connection.setIdentity({ token: 'b', userId: '2' });
    await settle();
    expect(sockets[0]?.disconnected).toBe(true);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]?.identity).toEqual({ token: 'b', userId: '2' });
    sockets[1]?.fire('connect');
    connection.setIdentity({ token: 'b', userId: '3' });
    expect(sockets[1]?.sent.at(-1)).toEqual(['login', '3']);
  });

  it('sends sub and unsub as screens come and go', async () => {
    connection.acquire();
    await settle();
    sockets[0]?.fire('connect');
    const release = connection.subscribePair({ legal_id: 3, currency_id: 2 });
    const again = connection.subscribePair({ legal_id: 3, currency_id: 2 });
    release();
    expect(sockets[0]?.sent).toEqual([['sub', { legal_id: 3, currency_id: 2 }]]);
    again();
    expect(sockets[0]?.sent.at(-1)).toEqual(['unsub', { legal_id: 3, currency_id: 2 }]);
  });

  it('closes a while after the last holder lets go', async () => {
    vi.useFakeTimers();
    const release = connection.acquire();
    await vi.advanceTimersByTimeAsync(0);
    release();
    await vi.advanceTimersByTimeAsync(10_000);
    const again = connection.acquire();
    again();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(sockets[0]?.disconnected).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sockets[0]?.disconnected).toBe(true);
    expect(connection.status).toBe('idle');
  });
});
