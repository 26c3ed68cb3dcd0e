import { useEffect } from 'react';
import { create } from 'zustand';
import { realtime, type ConnectionStatus, type KlinePush, type PushPayloads, type RecentTrade } from '../../api';
import { cleanLevels, levelsFromJson, type Level } from '../../lib/trading/book';
import { pairKey, type Ticker } from '../../lib/trading/market';
import { mergeDeals } from '../../lib/trading/trades';
import { useSession } from '../auth';

/**
 * Live market data (tickers, books, recent deals, candles) from the realtime feed. Pushes are
 * collected outside React and merged into this store at most once every FLUSH_MS, so a busy feed
 * re-renders the screens a few times a second, not once per message.
 */
export const FLUSH_MS = 150;

export interface LiveBook {
  /** best first */
  bids: Level[];
  asks: Level[];
  /** when it was received (ms) */
  at: number;
}

export interface KlineBatch {
  /** increases with every flush that brought bars for this key */
  seq: number;
  /** the bars pushed since the previous flush, in arrival order */
  bars: KlinePush[];
}

export interface LiveState {
  status: ConnectionStatus;
  /** by pairKey(legal_id, currency_id) */
  tickers: Record<string, Ticker>;
  books: Record<string, LiveBook>;
  /** newest first, at most 20 */
  deals: Record<string, RecentTrade[]>;
  /** last trade price from `transaction` pushes */
  lastPrices: Record<string, { price: string; at: number }>;
  /** by klineKey(symbol, period) */
  klines: Record<string, KlineBatch>;
}

export const useLive = create<LiveState>()(() => ({
  status: 'idle',
  tickers: {},
  books: {},
  deals: {},
  lastPrices: {},
  klines: {},
}));

export function klineKey(symbol: string, period: string): string {
  return `${symbol.toUpperCase()}|${period}`;
}

interface Pending {
  tickers: Map<string, Ticker>;
  books: Map<string, LiveBook>;
  deals: Map<string, RecentTrade[]>;
  lastPrices: Map<string, { price: string; at: number }>;
  klines: Map<string, KlinePush[]>;
}

const emptyPending = (): Pending => ({
  tickers: new Map(),
  books: new Map(),
  deals: new Map(),
  lastPrices: new Map(),
  klines: new Map(),
});

let pending = emptyPending();
let flushTimer: ReturnType<typeof setTimeout> | null = null;

function schedule(): void {
  if (flushTimer === null) flushTimer = setTimeout(flush, FLUSH_MS);
}

/** Merges everything collected since the last flush into the store, in one update. */
export function flush(): void {
  flushTimer = null;
  const batch = pending;
  pending = emptyPending();
  useLive.setState((state) => {
    const next: Partial<LiveState> = {};
    if (batch.tickers.size) next.tickers = { ...state.tickers, ...Object.fromEntries(batch.tickers) };
    if (batch.books.size) next.books = { ...state.books, ...Object.fromEntries(batch.books) };
    if (batch.lastPrices.size) next.lastPrices = { ...state.lastPrices, ...Object.fromEntries(batch.lastPrices) };
    if (batch.deals.size) {
      const deals = { ...state.deals };
      for (const [key, incoming] of batch.deals) deals[key] = mergeDeals(deals[key] ?? [], incoming);
      next.deals = deals;
    }
    if (batch.klines.size) {
      const klines = { ...state.klines };
      for (const [key, bars] of batch.klines) klines[key] = { seq: (klines[key]?.seq ?? 0) + 1, bars };
      next.klines = klines;
    }
    return next;
  });
}

function onDaymarket(push: PushPayloads['daymarket']): void {
  pending.tickers.set(pairKey(push.legal_id, push.currency_id), {
    now_price: String(push.now_price),
    change: String(push.change),
    volume: String(push.volume),
    high: String(push.high),
    low: String(push.low),
    at: Date.now(),
  });
  schedule();
}

function onDepth(push: PushPayloads['market_depth']): void {
  if (!Array.isArray(push.bids) || !Array.isArray(push.asks)) return;
  pending.books.set(pairKey(push.legal_id, push.currency_id), {
    bids: cleanLevels(push.bids, 'bids'),
    asks: cleanLevels(push.asks, 'asks'),
    at: Date.now(),
  });
  schedule();
}

function onTransaction(push: PushPayloads['transaction']): void {
  const key = pairKey(push.legal_id, push.currency_id);
  const at = Date.now();
  if (push.last_price !== undefined) pending.lastPrices.set(key, { price: String(push.last_price), at });
  // The book travels here too (JSON text); `market_depth` carries the same, whichever is newer wins.
  if (typeof push.in === 'string' && typeof push.out === 'string') {
    pending.books.set(key, {
      bids: cleanLevels(levelsFromJson(push.in), 'bids'),
      asks: cleanLevels(levelsFromJson(push.out), 'asks'),
      at,
    });
  }
  schedule();
}

function onDetail(push: PushPayloads['market_detail']): void {
  if (!Array.isArray(push.data)) return;
  const key = pairKey(push.legal_id, push.currency_id);
  pending.deals.set(key, [...push.data, ...(pending.deals.get(key) ?? [])]);
  schedule();
}

function onKline(push: PushPayloads['kline']): void {
  if (typeof push.symbol !== 'string' || typeof push.period !== 'string') return;
  const key = klineKey(push.symbol, push.period);
  const list = pending.klines.get(key) ?? [];
  list.push(push);
  pending.klines.set(key, list);
  schedule();
}

/** A book snapshot from a REST reply: taken unless a newer push already arrived. */
export function seedBook(key: string, book: LiveBook): void {
  const current = useLive.getState().books[key];
  if (current && current.at > book.at) return;
  pending.books.delete(key);
  useLive.setState((state) => ({ books: { ...state.books, [key]: book } }));
}

/** Recent deals from `new_tradehistory`, merged with what the feed pushed. */
export function seedDeals(key: string, list: readonly RecentTrade[]): void {
  useLive.setState((state) => ({ deals: { ...state.deals, [key]: mergeDeals(state.deals[key] ?? [], list) } }));
}

let started = false;

/** Wires the feed into the store once, and keeps the connection's identity on the session's. */
function start(): void {
  if (started) return;
  started = true;
  realtime.on('daymarket', onDaymarket);
  realtime.on('market_depth', onDepth);
  realtime.on('transaction', onTransaction);
  realtime.on('market_detail', onDetail);
  realtime.on('kline', onKline);
  realtime.onStatus((status) => useLive.setState({ status }));
  const follow = () => {
    const { token, userId } = useSession.getState();
    realtime.setIdentity({ token, userId });
  };
  follow();
  useSession.subscribe(follow);
}

/** Keeps the realtime feed open while the calling screen is shown. */
export function useMarketFeed(): void {
  useEffect(() => {
    start();
    return realtime.acquire();
  }, []);
}

/** Narrows the pair-scoped pushes to one pair while the calling screen shows it. */
export function usePairFeed(pair: { legal_id: number; currency_id: number } | null): void {
  const legalId = pair?.legal_id ?? 0;
  const currencyId = pair?.currency_id ?? 0;
  useEffect(() => {
    if (legalId <= 0 || currencyId <= 0) return;
    return realtime.subscribePair({ legal_id: legalId, currency_id: currencyId });
  }, [legalId, currencyId]);
}
