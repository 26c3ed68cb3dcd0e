import { WebSocket } from 'ws';
import { beforeAll, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '../../src/core/amount';
import { sign } from '../../src/modules/api-v1/signature';
import { keyOnlyBot } from '../support/signed-api';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

const ORDERS = 10_000;

interface Message {
  id?: number;
  type?: string;
  channel?: string;
  seq?: number;
  bids?: [string, string][];
  asks?: [string, string][];
  message?: unknown;
  data?: unknown;
}

/** A bot's connection: every message kept in order, and a way to wait for one. */
async function connect(url: string) {
  const socket = new WebSocket(url);
  const received: Message[] = [];
  const waiters: { test: (message: Message) => boolean; resolve: (message: Message) => void }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Message;
    received.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.test(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = (test: (message: Message) => boolean, timeoutMs = 20_000) =>
    new Promise<Message>((resolve, reject) => {
      const found = received.find(test);
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error('no such message came')), timeoutMs);
      waiters.push({ test, resolve: (message) => (clearTimeout(timer), resolve(message)) });
    });
  let id = 0;
  const request = async (op: string, args: unknown) => {
    id += 1;
    const mine = id;
    socket.send(JSON.stringify({ op, args, id: mine }));
    return next((message) => message.id === mine);
  };
  return { socket, received, next, request };
}

/** A client's book: a snapshot, then each diff in sequence (a gap would be a bug the test reports). */
class ClientBook {
  readonly bids = new Map<string, string>();
  readonly asks = new Map<string, string>();
  seq = -1;

  apply(message: Message): void {
    if (message.type === 'snapshot') {
      this.bids.clear();
      this.asks.clear();
      this.seq = message.seq ?? -1;
    } else {
      if (message.seq === undefined || message.seq <= this.seq) return;
      if (message.seq !== this.seq + 1) throw new Error(`diff ${message.seq} after ${this.seq}: a gap`);
      this.seq = message.seq;
    }
    for (const [side, levels] of [[this.bids, message.bids ?? []], [this.asks, message.asks ?? []]] as const) {
      for (const [price, quantity] of levels) {
        if (quantity === '0') side.delete(price);
        else side.set(price, quantity);
      }
    }
  }
}

describeEachDatabase('the bots’ websocket stream', (kind) => {
  let url: string;
  let pairId: number;
  let users: Awaited<ReturnType<typeof keyOnlyBot>>[];

  const { app } = useTestApp(kind, { audit: true, env: { API_V1_REQUESTS_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000' } });
  beforeAll(async () => {
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    const address = app.http.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1/ws`;
    users = [];
    for (const name of ['stream-a', 'stream-b', 'stream-c']) users.push(await keyOnlyBot(app, `${name}@example.com`));
    pairId = [...app.core.read.pairs()].find((pair) => pair.symbol === 'BTC/USDT')?.id ?? 0;
  }, 240_000);

  it('lets a client rebuild the book exactly from the snapshot and the numbered diffs, through 10,000 random orders', { timeout: 600_000 }, async () => {
    const client = await connect(url);
    const book = new ClientBook();
    client.socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Message;
      if (message.channel === 'book:BTC_USDT') book.apply(message);
    });
    expect(await client.request('subscribe', ['book:BTC_USDT'])).toMatchObject({ type: 'ok' });
    await client.next((message) => message.channel === 'book:BTC_USDT' && message.type === 'snapshot');

    // a seeded stream: limit orders around 50000 on both sides (crossing often), some market orders, cancels
    let seed = 28;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const placed: { userId: number; orderId: number }[] = [];
    let sent = 0;
    while (sent < ORDERS) {
      const chunk = [];
      for (let index = 0; index < 250 && sent < ORDERS; index += 1, sent += 1) {
        const user = users[Math.floor(random() * users.length)] ?? users[0]!;
        const roll = random();
        if (roll < 0.15 && placed.length > 0) {
          const victim = placed.splice(Math.floor(random() * placed.length), 1)[0]!;
          chunk.push(app.core.execute({ kind: 'spot_cancel', key: `stream-cancel-${sent}`, userId: victim.userId, orderId: victim.orderId }).catch(() => undefined));
          continue;
        }
        const side = random() < 0.5 ? ('buy' as const) : ('sell' as const);
        const quantity = parseAmount(`0.0${1 + Math.floor(random() * 9)}`);
        const market = roll > 0.95;
        const price = parseAmount(String(50_000 + Math.floor(random() * 40) - (side === 'buy' ? 25 : 15)));
        chunk.push(
          app.core
            .execute({ kind: 'spot_place', key: `stream-order-${sent}`, userId: user.id, pairId, side, type: market ? 'market' : 'limit', quantity, ...(market ? {} : { price }), stp: 'cancel_maker' })
            .then((result) => {
              if (result.applied && result.orderId) placed.push({ userId: user.id, orderId: result.orderId });
            })
            .catch(() => undefined),
        );
      }
      await Promise.all(chunk);
      // the stream publishes at most every 100 ms: a pause every 1,000 orders lets each stretch go
      // out as diffs of its own, however fast the core runs, so the client rebuilds through many
      if (sent % 1_000 === 0) await new Promise((resolve) => setTimeout(resolve, 150));
    }

    // the stream publishes at most every 100 ms: wait until it has caught up with the core
    const serverBook = () => {
      const depth = app.core.read.depth(pairId, 100_000);
      const side = (levels: { price: bigint; quantity: bigint }[]) => new Map(levels.map((level) => [formatAmount(level.price), formatAmount(level.quantity)]));
      return { bids: side(depth.bids), asks: side(depth.asks) };
    };
    const published = () => app.services.bookDiffs.snapshot(pairId).seq;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await client.next((message) => message.channel === 'book:BTC_USDT' && message.seq === published() && book.seq === published(), 20_000).catch(() => undefined);
    const server = serverBook();
    expect(server.bids.size + server.asks.size).toBeGreaterThan(10);
    expect(book.seq).toBe(published());
    expect(book.seq).toBeGreaterThanOrEqual(10);
    expect(new Map([...book.bids].sort())).toEqual(new Map([...server.bids].sort()));
    expect(new Map([...book.asks].sort())).toEqual(new Map([...server.asks].sort()));
    // and a late client that starts from the REST snapshot call agrees with both
    const snapshot = (await app.http.inject({ method: 'GET', url: '/api/v1/depth?symbol=BTC_USDT' })).json<{ message: { seq: number; bids: [string, string][] } }>().message;
    expect(snapshot.seq).toBe(book.seq);
    expect(new Map(snapshot.bids)).toEqual(book.bids);
    client.socket.close();
  });

  it('streams trades to everyone and a key owner’s orders, fills and balances to that owner only, after a signed login', async () => {
    const [owner, other] = users as [Awaited<ReturnType<typeof keyOnlyBot>>, Awaited<ReturnType<typeof keyOnlyBot>>];
    const watcher = await connect(url);
    const timestamp = String(Date.now());
    const signature = sign(owner.credentials.secret, { timestamp, method: 'GET', path: '/api/v1/ws', query: '', body: '' });
    expect(await watcher.request('subscribe', ['orders'])).toMatchObject({ type: 'error', message: 'please log in' });
    expect(await watcher.request('login', { key: owner.credentials.key, timestamp, signature: 'f'.repeat(64) })).toMatchObject({ type: 'error', message: 'invalid signature' });
    expect(await watcher.request('login', { key: owner.credentials.key, timestamp, signature })).toMatchObject({ type: 'ok' });
    // the same login again is a replay
    const replay = await connect(url);
    expect(await replay.request('login', { key: owner.credentials.key, timestamp, signature })).toMatchObject({ type: 'error', message: 'request replayed' });
    expect(await watcher.request('subscribe', ['orders', 'fills', 'balances', 'trades:BTC_USDT', 'ticker:BTC_USDT', 'candles:1min:BTC_USDT'])).toMatchObject({ type: 'ok' });
    const stranger = await connect(url);
    expect(await stranger.request('subscribe', ['trades:BTC_USDT'])).toMatchObject({ type: 'ok' });

    await app.core.execute({ kind: 'spot_place', key: 'stream-private-sell', userId: other.id, pairId, side: 'sell', type: 'limit', quantity: parseAmount('0.5'), price: parseAmount('40000') });
    await app.core.execute({ kind: 'spot_place', key: 'stream-private-buy', userId: owner.id, pairId, side: 'buy', type: 'market', quantity: parseAmount('0.5') });
    const fills = await watcher.next((message) => message.channel === 'fills');
    expect(fills.data).toEqual(expect.arrayContaining([expect.objectContaining({ side: 'BUY', maker: false })]));
    expect(await watcher.next((message) => message.channel === 'orders')).toMatchObject({ data: expect.arrayContaining([expect.objectContaining({ side: 'BUY', type: 'MARKET' })]) });
    expect(await watcher.next((message) => message.channel === 'balances')).toMatchObject({ data: expect.any(Array) });
    expect(await watcher.next((message) => message.channel === 'ticker:BTC_USDT')).toMatchObject({ data: { symbol: 'BTC_USDT' } });
    expect(await stranger.next((message) => message.channel === 'trades:BTC_USDT')).toMatchObject({ symbol: 'BTC_USDT' });
    // the stranger never hears of the owner's private channels
    expect(stranger.received.some((message) => message.channel === 'orders' || message.channel === 'fills' || message.channel === 'balances')).toBe(false);
    expect(await stranger.request('subscribe', ['book:NOPE_USDT'])).toMatchObject({ type: 'error', message: 'pair not found' });
    for (const connection of [watcher, replay, stranger]) connection.socket.close();
  });
});
