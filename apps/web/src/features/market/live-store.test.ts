import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The feed's listeners, captured from a stand-in for the realtime connection.
const handlers = new Map<string, (payload: unknown) => void>();
vi.mock('../../api', () => ({
  realtime: {
    on: (event: string, handler: (payload: unknown) => void) => {
      handlers.set(event, handler);
      return () => handlers.delete(event);
    },
    onStatus: () => () => undefined,
    setIdentity: () => undefined,
    acquire: () => () => undefined,
    subscribePair: () => () => undefined,
  },
}));
vi.mock('react', () => ({ useEffect: (effect: () => unknown) => effect() }));

const { FLUSH_MS, klineKey, seedBook, useLive, useMarketFeed } = await import('./live-store');

const fire = (event: string, payload: unknown) => handlers.get(event)?.(payload);

describe('live market store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useMarketFeed();
  });
  afterEach(() => vi.useRealTimers());

  it('merges a burst of pushes into one store update per flush window', () => {
    const updates = vi.fn();
    const stop = useLive.subscribe(updates);
    for (let i = 0; i < 50; i += 1) {
      fire('daymarket', { type: 'daymarket', legal_id: 3, currency_id: 1, now_price: String(100 + i), change: '+1.00', volume: '5', high: '150', low: '90' });
      fire('market_depth', { type: 'market_depth', legal_id: 3, currency_id: 1, bids: [['99', '1']], asks: [[String(101 + i), '2']] });
    }
    expect(updates).not.toHaveBeenCalled();
    vi.advanceTimersByTime(FLUSH_MS);
    expect(updates).toHaveBeenCalledTimes(1);
    const state = useLive.getState();
    expect(state.tickers['3-1']?.now_price).toBe('149');
    expect(state.books['3-1']?.asks).toEqual([['150', '2']]);
    stop();
  });

  it('keeps at most 20 recent deals, newest first, one per trade', () => {
    const trade = (id: number) => ({ id, price: '1', number: '1', amount: '1', time: '08:00:00', time_ms: id * 1000, create_time: '', way: 'buy', direction: 'buy' });
    fire('market_detail', { type: 'market_detail', legal_id: 3, currency_id: 2, data: [trade(3), trade(2), trade(1)] });
    fire('market_detail', { type: 'market_detail', legal_id: 3, currency_id: 2, data: Array.from({ length: 25 }, (_, i) => trade(30 - i)) });
    vi.advanceTimersByTime(FLUSH_MS);
    const deals = useLive.getState().deals['3-2'] ?? [];
    expect(deals).toHaveLength(20);
    expect(deals[0]?.id).toBe(30);
    expect(new Set(deals.map((d) => d.id)).size).toBe(20);
  });

  it('collects every kline bar of a window for the chart, and reads the book of transaction pushes', () => {
    const bar = (time: number, close: string) => ({ type: 'kline', period: '1min', symbol: 'BTC/USDT', time, open: '1', high: '1', low: '1', close, volume: '1' });
    fire('kline', bar(60_000, '1'));
    fire('kline', bar(120_000, '2'));
    fire('transaction', { type: 'transaction', legal_id: 3, currency_id: 9, last_price: '7', in: '[{"price":"6","number":"1"}]', out: '[]' });
    vi.advanceTimersByTime(FLUSH_MS);
    const state = useLive.getState();
    expect(state.klines[klineKey('btc/usdt', '1min')]?.bars.map((b) => b.close)).toEqual(['1', '2']);
    expect(state.lastPrices['3-9']?.price).toBe('7');
    expect(state.books['3-9']?.bids).toEqual([['6', '1']]);
  });

  it('a REST snapshot of the book does not replace a newer push', () => {
    fire('market_depth', { type: 'market_depth', legal_id: 3, currency_id: 4, bids: [], asks: [['5', '1']] });
    vi.advanceTimersByTime(FLUSH_MS);
    seedBook('3-4', { bids: [], asks: [['9', '9']], at: 0 });
    expect(useLive.getState().books['3-4']?.asks).toEqual([['5', '1']]);
    seedBook('3-4', { bids: [], asks: [['8', '8']], at: Date.now() + 1 });
    expect(useLive.getState().books['3-4']?.asks).toEqual([['8', '8']]);
  });
});
