import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { formatAmount } from '../core/amount';
import type { Core } from '../core/core';
import type { SpotTradeRecord } from '../core/spot/state';
import type { MarketData } from '../modules/market/market-data';
import { parsePeriod } from '../modules/market/resolutions';
import type { SignedRequestChecker } from '../modules/api-v1/authenticate';
import type { BookDiff } from '../modules/api-v1/book-diffs';
import { wireSymbol, type ApiV1Service } from '../modules/api-v1/service';
import { originAllowed } from './gateway';

/** The bots' stream: a plain WebSocket (decision 0018), beside socket.io on the same server. */
export const BOT_STREAM_PATH = '/api/v1/ws';

/** Messages a client may send: at most this long, and this many subscriptions per connection. */
const MAX_MESSAGE_BYTES = 4096;
const MAX_SUBSCRIPTIONS = 200;
/** A client whose unsent data passes this is too slow to follow the stream: it is closed (it rebuilds from a snapshot). */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
const PING_MS = 30_000;

interface Client {
  socket: WebSocket;
  channels: Set<string>;
  userId?: number;
  alive: boolean;
}

interface Request {
  op?: unknown;
  args?: unknown;
  id?: unknown;
}

/**
 * One JSON message each way. Public channels: `book:<SYMBOL>` (a snapshot on subscribing, then
 * numbered diffs), `trades:<SYMBOL>`, `ticker:<SYMBOL>`, `candles:<period>:<SYMBOL>`. Private ones
 * after a `login` signed with an API key of the read scope: `orders`, `fills`, `balances`, the key
 * owner's only. docs/api-v1.md "Stream" has the messages.
 */
export function attachBotStream(
  httpServer: HttpServer,
  deps: { core: Core; market: MarketData; v1: ApiV1Service; checker: SignedRequestChecker; allowedOrigins: readonly string[]; clientAddress: (request: IncomingMessage) => string },
): { stop(): void; readonly clients: number } {
  const { core, market, v1, checker } = deps;
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const clients = new Set<Client>();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== BOT_STREAM_PATH) return;
    if (!originAllowed(request, deps.allowedOrigins)) {
      socket.destroy();
      return;
    }
    server.handleUpgrade(request, socket, head, (ws) => accept(ws, deps.clientAddress(request)));
  };
  httpServer.on('upgrade', onUpgrade);

  const send = (client: Client, message: unknown) => {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      client.socket.close(1013, 'too slow');
      return;
    }
    client.socket.send(JSON.stringify(message));
  };
  const broadcast = (channel: string, message: unknown) => {
    let text: string | undefined;
    for (const client of clients) {
      if (!client.channels.has(channel) || client.socket.readyState !== client.socket.OPEN) continue;
      if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        client.socket.close(1013, 'too slow');
        continue;
      }
      client.socket.send((text ??= JSON.stringify(message)));
    }
  };

  function accept(socket: WebSocket, ip: string): void {
    const client: Client = { socket, channels: new Set(), alive: true };
    clients.add(client);
    socket.on('pong', () => (client.alive = true));
    socket.on('close', () => clients.delete(client));
    socket.on('error', () => socket.terminate());
    socket.on('message', (data) => {
      void handle(client, String(data), ip).catch(() => send(client, { type: 'error', message: 'parameter error' }));
    });
  }

  async function handle(client: Client, text: string, ip: string): Promise<void> {
    let request: Request;
    try {
      request = JSON.parse(text) as Request;
    } catch {
      return send(client, { type: 'error', message: 'request body is malformed' });
    }
    const id = typeof request.id === 'number' || typeof request.id === 'string' ? request.id : null;
    const answer = (type: 'ok' | 'error', message: unknown) => send(client, { id, type, message });
    if (request.op === 'ping') return answer('ok', 'pong');
    if (request.op === 'login') return login(client, request.args, ip, answer);
    const channels = Array.isArray(request.args) ? request.args.filter((arg): arg is string => typeof arg === 'string') : [];
    if (request.op === 'unsubscribe') {
      for (const channel of channels) client.channels.delete(channel);
      return answer('ok', channels);
    }
    if (request.op !== 'subscribe' || channels.length === 0) return answer('error', 'parameter error');
    for (const channel of channels) {
      const refused = subscribable(client, channel);
      if (refused) return answer('error', refused);
    }
    if (client.channels.size + channels.length > MAX_SUBSCRIPTIONS) return answer('error', 'parameter error');
    for (const channel of channels) client.channels.add(channel);
    answer('ok', channels);
    // a book subscriber gets the snapshot its diffs follow, right after the confirmation
    for (const channel of channels) {
      if (!channel.startsWith('book:')) continue;
      const pair = v1.pair(channel.slice('book:'.length));
      const snapshot = v1.books.snapshot(pair.id);
      send(client, { channel, type: 'snapshot', symbol: wireSymbol(pair), seq: snapshot.seq, bids: snapshot.bids, asks: snapshot.asks });
    }
  }

  /** Why a channel may not be subscribed, or undefined when it may. */
  function subscribable(client: Client, channel: string): string | undefined {
    if (channel === 'orders' || channel === 'fills' || channel === 'balances') return client.userId === undefined ? 'please log in' : undefined;
    const [kind, ...rest] = channel.split(':');
    const symbol = rest.at(-1) ?? '';
    const known = [...core.read.pairs()].some((pair) => wireSymbol(pair) === symbol);
    if (!known) return 'pair not found';
    if (kind === 'book' || kind === 'trades' || kind === 'ticker') return rest.length === 1 ? undefined : 'parameter error';
    if (kind === 'candles') return rest.length === 2 && parsePeriod(rest[0] ?? '') !== undefined ? undefined : 'parameter error';
    return 'parameter error';
  }

  async function login(client: Client, args: unknown, ip: string, answer: (type: 'ok' | 'error', message: unknown) => void): Promise<void> {
    const proof = (args ?? {}) as { key?: unknown; timestamp?: unknown; signature?: unknown; recvWindow?: unknown };
    const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
    try {
      const caller = await checker.verifySigned(
        { key: text(proof.key), timestamp: text(proof.timestamp), signature: text(proof.signature), recvWindow: proof.recvWindow === undefined ? undefined : text(proof.recvWindow) },
        { method: 'GET', path: BOT_STREAM_PATH, query: '', body: '' },
        ip,
        'read',
      );
      client.userId = caller.userId;
      answer('ok', 'logged in');
    } catch (error) {
      answer('error', error instanceof Error ? error.message : 'invalid signature');
    }
  }

  // public: book diffs as published, trades of each durable batch, tickers and candles as they move
  const onDiff = (diff: BookDiff) => {
    const pair = core.read.pair(diff.pairId);
    if (!pair) return;
    const channel = `book:${wireSymbol(pair)}`;
    broadcast(channel, { channel, type: 'diff', symbol: wireSymbol(pair), seq: diff.seq, bids: diff.bids, asks: diff.asks });
  };
  const onTrades = (trades: SpotTradeRecord[]) => {
    const byPair = new Map<number, SpotTradeRecord[]>();
    for (const trade of trades) byPair.set(trade.pairId, [...(byPair.get(trade.pairId) ?? []), trade]);
    for (const [pairId, list] of byPair) {
      const pair = core.read.pair(pairId);
      if (!pair) continue;
      const channel = `trades:${wireSymbol(pair)}`;
      broadcast(channel, {
        channel,
        symbol: wireSymbol(pair),
        data: list.map((trade) => ({ id: String(trade.id), price: formatAmount(trade.price), quantity: formatAmount(trade.quantity), takerSide: trade.takerSide.toUpperCase(), time: trade.createdAt.getTime() })),
      });
    }
    // private: each owner's fills
    for (const client of clients) {
      if (client.userId === undefined || !client.channels.has('fills')) continue;
      const userId = client.userId;
      const mine = trades.filter((trade) => trade.buyerId === userId || trade.sellerId === userId);
      if (mine.length === 0) continue;
      send(client, {
        channel: 'fills',
        data: mine.map((trade) =>
          v1.fillOf(userId, {
            id: String(trade.id),
            pair_id: trade.pairId,
            price: formatAmount(trade.price),
            quantity: formatAmount(trade.quantity),
            taker_side: trade.takerSide,
            buy_order_id: String(trade.buyOrderId),
            sell_order_id: String(trade.sellOrderId),
            buyer_id: trade.buyerId,
            buyer_fee: formatAmount(trade.buyerFee),
            seller_fee: formatAmount(trade.sellerFee),
            created_at: trade.createdAt,
          }),
        ),
      });
    }
  };
  const onMarketTrades = (pairIds: number[]) => {
    for (const pairId of pairIds) {
      const pair = core.read.pair(pairId);
      if (!pair) continue;
      const symbol = wireSymbol(pair);
      broadcast(`ticker:${symbol}`, { channel: `ticker:${symbol}`, data: v1.ticker(pair) });
      for (const client of clients) {
        for (const channel of client.channels) {
          if (!channel.startsWith('candles:') || !channel.endsWith(`:${symbol}`)) continue;
          const period = parsePeriod(channel.split(':')[1] ?? '');
          const candle = period && market.currentCandle(pairId, period);
          if (candle) send(client, { channel, data: [candle.openTime, formatAmount(candle.open), formatAmount(candle.high), formatAmount(candle.low), formatAmount(candle.close), formatAmount(candle.volume)] });
        }
      }
    }
  };
  const onOrders = (orders: Parameters<ApiV1Service['viewOfState']>[0][]) => {
    for (const client of clients) {
      if (client.userId === undefined || !client.channels.has('orders')) continue;
      const mine = orders.filter((order) => order.userId === client.userId);
      if (mine.length > 0) send(client, { channel: 'orders', data: mine.map((order) => v1.viewOfState(order)) });
    }
  };
  const onBalances = (userIds: number[]) => {
    const changed = new Set(userIds);
    for (const client of clients) {
      if (client.userId === undefined || !client.channels.has('balances') || !changed.has(client.userId)) continue;
      const userId = client.userId;
      void v1.balances(userId, undefined).then((balances) => send(client, { channel: 'balances', data: balances }));
    }
  };
  v1.books.events.on('diff', onDiff);
  core.events.on('trades', onTrades);
  core.events.on('orders', onOrders);
  core.events.on('balances', onBalances);
  market.events.on('trades', onMarketTrades);
  const pinger = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }, PING_MS);
  pinger.unref();

  return {
    get clients() {
      return clients.size;
    },
    stop() {
      clearInterval(pinger);
      httpServer.off('upgrade', onUpgrade);
      v1.books.events.off('diff', onDiff);
      core.events.off('trades', onTrades);
      core.events.off('orders', onOrders);
      core.events.off('balances', onBalances);
      market.events.off('trades', onMarketTrades);
      for (const client of clients) client.socket.terminate();
      server.close();
    },
  };
}
