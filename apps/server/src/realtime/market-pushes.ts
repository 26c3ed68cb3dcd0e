import { pairSubscription, type KlinePush } from '@tessera/protocol';
import type { Server, Socket } from 'socket.io';
import type { Candle } from '../modules/market/candle-book';
import type { MarketData } from '../modules/market/market-data';
import { BOOK_LEVELS, type MarketPushPayloads } from '../modules/market/push-payloads';
import { bucketStart } from '../modules/market/resolutions';

/**
 * When and to whom the public market pushes go (their payloads: MarketPushPayloads; docs/market-data.md). Every socket starts in
 * the room `market:all` and gets every pair's events, as legacy clients expect. A socket that
 * emits `sub` (or `subscribe`) with `{legal_id, currency_id}` leaves `market:all` and joins
 * `pair:<id>`: from then on it gets the pair-scoped events (`kline`, `market_depth`,
 * `market_detail`, `transaction`) of the pairs it subscribed to only; `unsub` undoes it.
 * `daymarket` feeds the market lists, so it always goes to every socket. A socket gets the 1min
 * `kline` bar running now of every pair when it connects (of the pair, when it subscribes), and
 * every pair's new bar when a minute starts, whether the pair traded or not.
 *
 * Rates: one 100 ms timer merges everything. Per pair at most 10 `market_depth` and
 * `transaction` pushes a second (books that changed, via `takeChangedBooks`), 10 `kline` 1min
 * pushes a second (pairs that traded), 4 `daymarket` and `market_detail` a second; `kline` of
 * the other resolutions after each flush (once a second) for the candles that changed, to the
 * pair's subscribers. Sockets of `market:all` get those coarse candles every 5 s instead, the
 * newest of each: with every pair trading, thirteen resolutions a second per pair would be
 * ~150 events a second to every legacy client, for charts that show one pair and one period.
 * Every push goes to this process's sockets only: each gateway's market data follows its own copy
 * of the core, so each socket gets each push once, from its own gateway.
 */
export const MARKET_ALL_ROOM = 'market:all';
export const pairRoom = (pairId: number) => `pair:${pairId}`;

const TICK_MS = 100;
const SUMMARY_MS = 250;
const COARSE_TO_ALL_MS = 5000;

export interface MarketPushes {
  stop(): void;
}

type Ack = (reply: { type: 'ok' | 'error'; message: unknown }) => void;

export function attachMarketPushes(io: Server, market: MarketData, payloads: MarketPushPayloads): MarketPushes {
  const traded = new Set<number>();
  const summaries = new Set<number>();
  const lastSummary = new Map<number, number>();
  /** the newest coarse candle per pair and period, waiting for the next push to `market:all` */
  const coarseForAll = new Map<string, KlinePush>();

  const toPair = (pairId: number) => io.local.to([MARKET_ALL_ROOM, pairRoom(pairId)]);

  /** The 1min bar running now of a pair, to one socket: a desk has a price before any trade. */
  const sendCurrentBar = (socket: Socket, pairId: number) => {
    const bar = payloads.currentBar(pairId, '1min');
    if (bar) socket.emit('kline', bar);
  };

  const onConnection = (socket: Socket) => {
    void socket.join(MARKET_ALL_ROOM);
    for (const pair of market.allPairs()) sendCurrentBar(socket, pair.id);
    const subscribe = (payload: unknown, ack?: unknown) => {
      const pairId = pairIdOf(market, payload);
      if (pairId === undefined) return reply(ack, { type: 'error', message: 'pair not found' });
      void socket.leave(MARKET_ALL_ROOM);
      void socket.join(pairRoom(pairId));
      reply(ack, { type: 'ok', message: { pair_id: pairId } });
      sendCurrentBar(socket, pairId);
    };
    const unsubscribe = (payload: unknown, ack?: unknown) => {
      const pairId = payload === undefined || payload === null || payload === 'all' ? undefined : pairIdOf(market, payload);
      for (const room of socket.rooms) {
        if (room.startsWith('pair:') && (pairId === undefined || room === pairRoom(pairId))) void socket.leave(room);
      }
      if (![...socket.rooms].some((room) => room.startsWith('pair:'))) void socket.join(MARKET_ALL_ROOM);
      reply(ack, { type: 'ok', message: pairId === undefined ? 'all' : { pair_id: pairId } });
    };
    socket.on('sub', subscribe);
    socket.on('subscribe', subscribe);
    socket.on('unsub', unsubscribe);
    socket.on('unsubscribe', unsubscribe);
  };

  const onTrades = (pairIds: number[]) => {
    for (const pairId of pairIds) {
      traded.add(pairId);
      summaries.add(pairId);
    }
  };

  const onFlushed = (candles: Candle[]) => {
    for (const candle of candles) {
      // 1min goes out on the 100 ms tick already
      if (candle.period === '1min') continue;
      const push = payloads.flushedKline(candle);
      if (!push) continue;
      io.local.to(pairRoom(candle.pairId)).emit('kline', push);
      coarseForAll.set(`${candle.pairId}:${candle.period}`, push);
    }
  };

  const pushCoarseToAll = () => {
    for (const push of coarseForAll.values()) io.local.to(MARKET_ALL_ROOM).emit('kline', push);
    coarseForAll.clear();
  };

  let minute = bucketStart('1min', market.now());
  /** When a new minute starts, every pair's new 1min bar goes out, traded or not. */
  const pushNewMinute = () => {
    const now = bucketStart('1min', market.now());
    if (now === minute) return;
    minute = now;
    for (const pair of market.allPairs()) {
      if (traded.has(pair.id)) continue;
      const bar = payloads.currentBar(pair.id, '1min');
      if (bar) toPair(pair.id).emit('kline', bar);
    }
  };

  const tick = () => {
    pushNewMinute();
    const feed = market.feed;
    const books = new Set(feed.takeChangedBooks());
    for (const pairId of new Set([...books, ...traded])) {
      const depth = feed.depth(pairId, BOOK_LEVELS);
      if (books.has(pairId)) {
        const push = payloads.marketDepth(pairId, depth);
        if (push) toPair(pairId).emit('market_depth', push);
      }
      const transaction = payloads.transaction(pairId, depth);
      if (transaction) toPair(pairId).emit('transaction', transaction);
    }
    for (const pairId of traded) {
      const kline = payloads.kline(pairId, '1min');
      if (kline) toPair(pairId).emit('kline', kline);
    }
    traded.clear();
    const now = Date.now();
    for (const pairId of summaries) {
      if (now - (lastSummary.get(pairId) ?? 0) < SUMMARY_MS) continue;
      summaries.delete(pairId);
      lastSummary.set(pairId, now);
      const daymarket = payloads.daymarket(pairId);
      if (daymarket) io.local.emit('daymarket', daymarket);
      const detail = payloads.marketDetail(pairId);
      if (detail) toPair(pairId).emit('market_detail', detail);
    }
  };

  io.on('connection', onConnection);
  market.events.on('trades', onTrades);
  market.events.on('flushed', onFlushed);
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  const coarseTimer = setInterval(pushCoarseToAll, COARSE_TO_ALL_MS);
  coarseTimer.unref();
  return {
    stop() {
      clearInterval(timer);
      clearInterval(coarseTimer);
      io.off('connection', onConnection);
      market.events.off('trades', onTrades);
      market.events.off('flushed', onFlushed);
    },
  };
}

/** `{legal_id, currency_id}` (or its JSON text), `{symbol}` or a symbol text: the pair's id. */
function pairIdOf(market: MarketData, payload: unknown): number | undefined {
  let value = payload;
  if (typeof payload === 'string') {
    try {
      value = JSON.parse(payload) as unknown;
    } catch {
      return market.pairBySymbol(payload)?.id;
    }
  }
  if (value && typeof value === 'object' && 'symbol' in value && typeof value.symbol === 'string') {
    return market.pairBySymbol(value.symbol)?.id;
  }
  const parsed = pairSubscription.safeParse(value);
  return parsed.success ? market.pairOf(parsed.data.currency_id, parsed.data.legal_id)?.id : undefined;
}

function reply(ack: unknown, message: Parameters<Ack>[0]): void {
  if (typeof ack === 'function') (ack as Ack)(message);
}
