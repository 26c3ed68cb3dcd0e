// Examples for every order type, time in force, self-trade mode, stop behaviour and rejection.
import { describe, expect, it } from 'vitest';
import { OrderBook } from '../src/order-book';
import type { Command, EngineEvent } from '../src/types';
import { cancels, kinds, limit, market, newBook, rejections, stopLimit, stopMarket, trades } from './helpers';

describe('limit orders (GTC)', () => {
  it('rests when nothing crosses, and shows in depth, best prices and lookup', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'buy', 99, 5));
    book.submit(limit(2, 'buy', 98, 3));
    book.submit(limit(3, 'sell', 101, 4));
    book.submit(limit(4, 'buy', 99, 2));
    expect(kinds(take())).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);
    expect(book.bestBid()).toBe(99);
    expect(book.bestAsk()).toBe(101);
    expect(book.depth(5)).toEqual({
      bids: [
        { price: 99, qty: 7, orders: 2 },
        { price: 98, qty: 3, orders: 1 },
      ],
      asks: [{ price: 101, qty: 4, orders: 1 }],
    });
    expect(book.depth(1).bids).toEqual([{ price: 99, qty: 7, orders: 2 }]);
    expect(book.getOrder(2)).toMatchObject({ id: 2, side: 'buy', price: 98, qty: 3, remaining: 3, filled: 0, status: 'resting' });
    expect(book.getOrder(42)).toBeUndefined();
  });

  it('matches best price first, then time, at the maker price, and rests the remainder', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'sell', 101, 2));
    book.submit(limit(2, 'sell', 100, 2));
    book.submit(limit(3, 'sell', 100, 2));
    take();
    book.submit(limit(4, 'buy', 102, 7));
    const events = take();
    expect(trades(events)).toEqual([
      [2, 4, 100, 2],
      [3, 4, 100, 2],
      [1, 4, 101, 2],
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'trade', takerRemaining: 1, makerRemaining: 0 });
    expect(book.bestBid()).toBe(102);
    expect(book.bestAsk()).toBeNull();
    expect(book.getOrder(4)).toMatchObject({ qty: 7, remaining: 1, filled: 6 });
  });

  it('leaves a partially filled maker at the front of its level', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'sell', 100, 5));
    book.submit(limit(2, 'sell', 100, 5));
    book.submit(limit(3, 'buy', 100, 3));
    book.submit(limit(4, 'buy', 100, 3));
    expect(trades(take())).toEqual([
      [1, 3, 100, 3],
      [1, 4, 100, 2],
      [2, 4, 100, 1],
    ]);
    expect(book.getOrder(1)).toBeUndefined();
    expect(book.getOrder(2)).toMatchObject({ remaining: 4, filled: 1 });
  });

  it('numbers events consecutively and reports the last trade price', () => {
    const { book, events } = newBook();
    expect(book.lastTradePrice).toBeNull();
    book.submit(limit(1, 'sell', 100, 1));
    book.submit(limit(2, 'buy', 100, 1));
    expect(events.map((e) => e.seq)).toEqual([0, 1, 2]);
    expect(book.lastTradePrice).toBe(100);
  });
});

describe('time in force', () => {
  it('IOC trades what it can and cancels the rest as unfilled', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'sell', 100, 2));
    take();
    book.submit(limit(2, 'buy', 100, 5, { tif: 'IOC' }));
    const events = take();
    expect(trades(events)).toEqual([[1, 2, 100, 2]]);
    expect(cancels(events)).toEqual([[2, 3, 'unfilled']]);
    expect(book.bestBid()).toBeNull();
  });

  it('FOK fills completely across levels when it can', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'sell', 100, 2));
    book.submit(limit(2, 'sell', 101, 3));
    take();
    book.submit(limit(3, 'buy', 101, 5, { tif: 'FOK' }));
    expect(trades(take())).toEqual([
      [1, 3, 100, 2],
      [2, 3, 101, 3],
    ]);
  });

  it('FOK that cannot fill completely trades nothing and is cancelled', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'sell', 100, 2));
    book.submit(limit(2, 'sell', 102, 3));
    take();
    book.submit(limit(3, 'buy', 101, 5, { tif: 'FOK' }));
    const events = take();
    expect(kinds(events)).toEqual(['accepted', 'cancelled']);
    expect(cancels(events)).toEqual([[3, 5, 'fok_unfillable']]);
    expect(book.depth(5).asks).toEqual([
      { price: 100, qty: 2, orders: 1 },
      { price: 102, qty: 3, orders: 1 },
    ]);
  });

  it('FOK counts neither its own orders (cancel_taker) nor beyond them', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'sell', 100, 2, { account: 7 }));
    book.submit(limit(2, 'sell', 100, 9));
    take();
    book.submit(limit(3, 'buy', 100, 5, { account: 7, tif: 'FOK' }));
    expect(cancels(take())).toEqual([[3, 5, 'fok_unfillable']]);
    expect(book.getOrder(1)?.remaining).toBe(2);
  });

  it('FOK with cancel_maker skips its own orders and fills from the others', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'sell', 100, 2, { account: 7 }));
    book.submit(limit(2, 'sell', 100, 9));
    take();
    book.submit(limit(3, 'buy', 100, 5, { account: 7, tif: 'FOK', stp: 'cancel_maker' }));
    const events = take();
    expect(cancels(events)).toEqual([[1, 2, 'self_trade']]);
    expect(trades(events)).toEqual([[2, 3, 100, 5]]);
  });

  it('POST_ONLY rests when it would not cross', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'sell', 101, 2));
    book.submit(limit(2, 'buy', 100, 2, { tif: 'POST_ONLY' }));
    expect(kinds(take())).toEqual(['accepted', 'accepted']);
    expect(book.bestBid()).toBe(100);
  });

  it('POST_ONLY is rejected when it would take', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'sell', 101, 2));
    take();
    book.submit(limit(2, 'buy', 101, 2, { tif: 'POST_ONLY' }));
    expect(take()).toEqual([{ type: 'rejected', seq: 1, command: 'submit', orderId: 2, reason: 'post_only_would_cross' }]);
    expect(book.getOrder(2)).toBeUndefined();
    expect(book.getOrder(1)?.remaining).toBe(2);
  });
});

describe('market orders', () => {
  it('take liquidity at any price by quantity', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'buy', 100, 2));
    book.submit(limit(2, 'buy', 90, 2));
    take();
    book.submit(market(3, 'sell', 3));
    const events = take();
    expect(events[0]).toEqual({ type: 'accepted', seq: 2, orderId: 3, account: 3, side: 'sell', orderType: 'market', price: null, stopPrice: null, qty: 3 });
    expect(trades(events)).toEqual([
      [1, 3, 100, 2],
      [2, 3, 90, 1],
    ]);
    expect(cancels(events)).toEqual([]);
  });

  it('cancel what finds no liquidity as unfilled', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'sell', 100, 2));
    take();
    book.submit(market(2, 'buy', 5));
    expect(cancels(take())).toEqual([[2, 3, 'unfilled']]);
  });

  it('a buy bounded by a quote amount never spends more than it', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'sell', 100, 3));
    book.submit(limit(2, 'sell', 110, 10));
    take();
    // 3 × 100 = 300, then 110 per lot: 4 lots = 440, total 740 ≤ 750; a fifth lot would be 850.
    book.submit(market(3, 'buy', 10, { quoteLimit: 750 }));
    const events = take();
    expect(trades(events)).toEqual([
      [1, 3, 100, 3],
      [2, 3, 110, 4],
    ]);
    expect(cancels(events)).toEqual([[3, 3, 'quote_limit']]);
    const spent = events.reduce((sum, e) => (e.type === 'trade' ? sum + e.price * e.qty : sum), 0);
    expect(spent).toBe(740);
  });

  it('a quote amount too small for one lot buys nothing', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'sell', 100, 3));
    take();
    book.submit(market(2, 'buy', 1, { quoteLimit: 99 }));
    expect(cancels(take())).toEqual([[2, 1, 'quote_limit']]);
    expect(book.getOrder(1)?.remaining).toBe(3);
  });

  it('a quote amount is exact near the safe-integer limit', () => {
    const { book, take } = newBook();
    const price = 3;
    book.submit(limit(1, 'sell', price, Number.MAX_SAFE_INTEGER));
    take();
    book.submit(market(2, 'buy', Number.MAX_SAFE_INTEGER, { quoteLimit: Number.MAX_SAFE_INTEGER }));
    const [trade] = trades(take());
    // floor((2^53 − 1) / 3) = 3002399751580330 exactly; a float division would round up to …331.
    expect(trade).toEqual([1, 2, 3, 3002399751580330]);
  });
});

describe('cancel and reduce', () => {
  it('cancel removes an order from the middle of its level in place', () => {
    const { book, take } = newBook();
    for (let id = 1; id <= 3; id++) book.submit(limit(id, 'sell', 100, 1));
    take();
    book.cancel(2);
    expect(take()).toEqual([{ type: 'cancelled', seq: 3, orderId: 2, account: 2, qty: 1, reason: 'user' }]);
    book.submit(limit(4, 'buy', 100, 2));
    expect(trades(take())).toEqual([
      [1, 4, 100, 1],
      [3, 4, 100, 1],
    ]);
  });

  it('cancel of an unknown id is rejected', () => {
    const { book, take } = newBook();
    book.cancel(5);
    book.cancel(-1);
    expect(take()).toEqual([
      { type: 'rejected', seq: 0, command: 'cancel', orderId: 5, reason: 'unknown_order' },
      { type: 'rejected', seq: 1, command: 'cancel', orderId: null, reason: 'invalid_id' },
    ]);
  });

  it('reduce lowers the quantity and keeps time priority', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'sell', 100, 10));
    book.submit(limit(2, 'sell', 100, 10));
    take();
    book.reduce(1, 4);
    expect(take()).toEqual([{ type: 'reduced', seq: 2, orderId: 1, account: 1, qty: 6, remaining: 4 }]);
    expect(book.depth(1).asks).toEqual([{ price: 100, qty: 14, orders: 2 }]);
    book.submit(limit(3, 'buy', 100, 5));
    expect(trades(take())).toEqual([
      [1, 3, 100, 4],
      [2, 3, 100, 1],
    ]);
  });

  it('reduce must leave between 1 and fewer lots than remain', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'sell', 100, 5));
    take();
    book.reduce(1, 5);
    book.reduce(1, 0);
    book.reduce(1, 2.5);
    book.reduce(9, 1);
    book.reduce(-3, 1);
    expect(rejections(take())).toEqual(['invalid_qty', 'invalid_qty', 'invalid_qty', 'unknown_order', 'invalid_id']);
    expect(book.getOrder(1)?.remaining).toBe(5);
  });

  it('apply dispatches every kind of command', () => {
    const { book, take } = newBook();
    const commands: Command[] = [limit(1, 'sell', 100, 5), { type: 'reduce', id: 1, qty: 3 }, { type: 'cancel', id: 1 }];
    for (const c of commands) book.apply(c);
    expect(kinds(take())).toEqual(['accepted', 'reduced', 'cancelled']);
  });
});

describe('stop orders', () => {
  it('a buy stop-limit waits, unseen in depth, and triggers once the last trade reaches its stop', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'sell', 100, 1));
    book.submit(limit(2, 'sell', 105, 5));
    book.submit(stopLimit(3, 'buy', 100, 105, 2));
    expect(book.depth(5).bids).toEqual([]);
    expect(book.getOrder(3)).toMatchObject({ status: 'stop', stopPrice: 100, price: 105 });
    take();
    book.submit(limit(4, 'buy', 100, 1));
    expect(take()).toEqual([
      expect.objectContaining({ type: 'accepted', orderId: 4 }),
      expect.objectContaining({ type: 'trade', makerId: 1, takerId: 4, price: 100 }),
      { type: 'triggered', seq: 5, orderId: 3, account: 3, stopPrice: 100, lastPrice: 100 },
      expect.objectContaining({ type: 'trade', makerId: 2, takerId: 3, price: 105, qty: 2 }),
    ]);
    expect(book.getOrder(3)).toBeUndefined();
  });

  it('a sell stop-market triggers when the price falls to its stop, and its own trades trigger more', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'buy', 100, 1));
    book.submit(limit(2, 'buy', 95, 5));
    book.submit(stopMarket(3, 'sell', 100, 3));
    book.submit(stopMarket(4, 'sell', 99, 1));
    book.submit(stopMarket(5, 'sell', 90, 1));
    take();
    book.submit(market(6, 'sell', 1));
    const events = take();
    // The trade at 100 reaches only the stop at 100; that stop's trade at 95 then reaches the one at 99.
    expect(kinds(events)).toEqual(['accepted', 'trade', 'triggered', 'trade', 'triggered', 'trade']);
    expect(events.flatMap((e) => (e.type === 'triggered' ? [[e.orderId, e.lastPrice]] : []))).toEqual([
      [3, 100],
      [4, 95],
    ]);
    expect(trades(events)).toEqual([
      [1, 6, 100, 1],
      [2, 3, 95, 3],
      [2, 4, 95, 1],
    ]);
    expect(book.getOrder(5)?.status).toBe('stop');
  });

  it('triggered stops cascade in stop-price order, each exactly once', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'sell', 100, 1));
    book.submit(limit(2, 'sell', 101, 1));
    book.submit(limit(3, 'sell', 102, 1));
    book.submit(stopMarket(11, 'buy', 101, 1));
    book.submit(stopMarket(10, 'buy', 100, 1));
    take();
    book.submit(market(4, 'buy', 1));
    const events = take();
    const triggered = events.flatMap((e) => (e.type === 'triggered' ? [e.orderId] : []));
    expect(triggered).toEqual([10, 11]);
    expect(trades(events)).toEqual([
      [1, 4, 100, 1],
      [2, 10, 101, 1],
      [3, 11, 102, 1],
    ]);
  });

  it('a stop whose condition already holds runs at once', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'sell', 100, 1));
    book.submit(limit(2, 'buy', 100, 1));
    book.submit(limit(3, 'sell', 104, 5));
    take();
    book.submit(stopLimit(4, 'buy', 99, 104, 2));
    expect(kinds(take())).toEqual(['accepted', 'triggered', 'trade']);
  });

  it('a stop waits while no trade has happened yet', () => {
    const { book, take } = newBook();
    book.submit(stopMarket(1, 'buy', 1, 1));
    expect(kinds(take())).toEqual(['accepted']);
    expect(book.getOrder(1)?.status).toBe('stop');
  });

  it('stops can be cancelled and reduced before they trigger', () => {
    const { book, take } = newBook();
    book.submit(stopLimit(1, 'sell', 90, 89, 5));
    book.submit(stopMarket(2, 'buy', 110, 5, { quoteLimit: 1000 }));
    book.reduce(1, 2);
    book.cancel(2);
    expect(cancels(take())).toEqual([[2, 5, 'user']]);
    expect(book.snapshot().stops).toEqual([expect.objectContaining({ id: 1, remaining: 2, qty: 5 })]);
  });

  it('a triggered stop-limit follows its time in force', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'sell', 100, 1));
    book.submit(stopLimit(2, 'buy', 100, 100, 3, { tif: 'IOC' }));
    book.submit(stopLimit(3, 'buy', 100, 100, 3));
    take();
    book.submit(limit(4, 'buy', 100, 1));
    const events = take();
    expect(cancels(events)).toEqual([[2, 3, 'unfilled']]);
    expect(book.getOrder(3)).toMatchObject({ status: 'resting', orderType: 'stop_limit', remaining: 3 });
  });

  it('a triggered stop-market buy keeps its quote bound', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'sell', 100, 1));
    book.submit(limit(2, 'sell', 100, 10));
    book.submit(stopMarket(3, 'buy', 100, 10, { quoteLimit: 250 }));
    take();
    book.submit(limit(4, 'buy', 100, 1));
    const events = take();
    expect(trades(events)).toEqual([
      [1, 4, 100, 1],
      [2, 3, 100, 2],
    ]);
    expect(cancels(events)).toEqual([[3, 8, 'quote_limit']]);
  });
});

describe('self-trade prevention', () => {
  const setup = (stp?: 'cancel_taker' | 'cancel_maker' | 'cancel_both') => {
    const ctx = newBook(stp === undefined ? {} : { stp });
    ctx.book.submit(limit(1, 'sell', 100, 2, { account: 50 }));
    ctx.book.submit(limit(2, 'sell', 100, 2, { account: 7 }));
    ctx.book.submit(limit(3, 'sell', 100, 2, { account: 51 }));
    ctx.take();
    return ctx;
  };

  it('cancel_taker (the default) keeps the maker and cancels the rest of the taker', () => {
    const { book, take } = setup();
    book.submit(limit(4, 'buy', 100, 5, { account: 7 }));
    const events = take();
    expect(trades(events)).toEqual([[1, 4, 100, 2]]);
    expect(cancels(events)).toEqual([[4, 3, 'self_trade']]);
    expect(book.getOrder(2)?.remaining).toBe(2);
    expect(book.bestBid()).toBeNull();
  });

  it('cancel_maker cancels the resting order and goes on matching', () => {
    const { book, take } = setup('cancel_maker');
    book.submit(limit(4, 'buy', 100, 5, { account: 7 }));
    const events = take();
    expect(kinds(events)).toEqual(['accepted', 'trade', 'cancelled', 'trade']);
    expect(trades(events)).toEqual([
      [1, 4, 100, 2],
      [3, 4, 100, 2],
    ]);
    expect(cancels(events)).toEqual([[2, 2, 'self_trade']]);
    expect(book.getOrder(4)?.remaining).toBe(1);
  });

  it('cancel_both cancels both', () => {
    const { book, take } = setup('cancel_both');
    book.submit(market(4, 'buy', 5, { account: 7 }));
    const events = take();
    expect(cancels(events)).toEqual([
      [2, 2, 'self_trade'],
      [4, 3, 'self_trade'],
    ]);
    expect(book.depth(1).asks).toEqual([{ price: 100, qty: 2, orders: 1 }]);
  });

  it("the taker's own mode overrides the book's default", () => {
    const { book, take } = setup('cancel_both');
    book.submit(limit(4, 'buy', 100, 5, { account: 7, stp: 'cancel_maker' }));
    expect(cancels(take())).toEqual([[2, 2, 'self_trade']]);
    expect(book.getOrder(4)?.stp).toBe('cancel_maker');
  });
});

describe('rejections', () => {
  const base = { type: 'limit', id: 1, account: 1, side: 'buy', price: 100, qty: 1 } as const;
  const cases: [string, Record<string, unknown>][] = [
    ['invalid_type', { type: 'iceberg' }],
    ['invalid_id', { id: -1 }],
    ['invalid_id', { id: Number.MAX_SAFE_INTEGER + 1 }],
    ['invalid_id', { id: '1' }],
    ['invalid_account', { account: 0.5 }],
    ['invalid_side', { side: 'long' }],
    ['invalid_price', { price: 0 }],
    ['invalid_price', { price: 100.5 }],
    ['invalid_price', { price: 1001 }],
    ['invalid_stop_price', { type: 'stop_limit', stopPrice: 0 }],
    ['invalid_stop_price', { type: 'stop_market', stopPrice: undefined }],
    ['invalid_qty', { qty: 0 }],
    ['invalid_qty', { qty: 51 }],
    ['invalid_qty', { qty: Number.NaN }],
    ['invalid_tif', { tif: 'GTD' }],
    ['invalid_tif', { type: 'stop_limit', stopPrice: 100, tif: 'POST_ONLY' }],
    ['invalid_stp', { stp: 'none' }],
    ['invalid_quote_limit', { type: 'market', side: 'sell', quoteLimit: 100 }],
    ['invalid_quote_limit', { type: 'market', quoteLimit: 0 }],
    ['invalid_quote_limit', { type: 'stop_market', stopPrice: 100, quoteLimit: 1.5 }],
  ];
  for (const [reason, change] of cases) {
    it(`${reason}: ${JSON.stringify(change)}`, () => {
      const { book, take } = newBook({ maxPrice: 1000, maxQty: 50 });
      book.submit({ ...base, ...change } as never);
      const events = take();
      expect(rejections(events)).toEqual([reason]);
      expect(kinds(events)).toEqual(['rejected']);
      expect(book.orderCount).toBe(0);
    });
  }

  it('duplicate_id for the id of a live order, resting or stop', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'buy', 100, 1));
    book.submit(stopMarket(2, 'buy', 200, 1));
    book.submit(limit(1, 'sell', 200, 1));
    book.submit(limit(2, 'sell', 200, 1));
    expect(rejections(take())).toEqual(['duplicate_id', 'duplicate_id']);
  });

  it('the id of a finished order may be used again', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'buy', 100, 1));
    book.cancel(1);
    book.submit(limit(1, 'buy', 100, 1));
    expect(kinds(take())).toEqual(['accepted', 'cancelled', 'accepted']);
  });

  it('capacity: a remainder that would push a side past MAX_SAFE_INTEGER is cancelled, not rested', () => {
    const { book, take } = newBook();
    book.submit(limit(1, 'buy', 100, Number.MAX_SAFE_INTEGER - 5));
    book.submit(limit(2, 'buy', 99, 5));
    book.submit(limit(3, 'buy', 98, 6));
    expect(cancels(take())).toEqual([[3, 6, 'capacity']]);
    expect(book.depth(5).bids.map((l) => l.qty)).toEqual([Number.MAX_SAFE_INTEGER - 5, 5]);
  });

  it('bad options are refused at construction', () => {
    expect(() => new OrderBook({ maxPrice: 0 })).toThrow(RangeError);
    expect(() => new OrderBook({ maxQty: 2 ** 53 })).toThrow(RangeError);
    expect(() => new OrderBook({ stp: 'none' as never })).toThrow(RangeError);
    expect(() => new OrderBook({ capacity: 0 })).toThrow(RangeError);
  });
});

describe('snapshot and restore', () => {
  const history: Command[] = [
    limit(1, 'sell', 101, 5, { account: 9 }),
    limit(2, 'sell', 101, 3),
    limit(3, 'buy', 99, 4, { tif: 'POST_ONLY' }),
    limit(4, 'buy', 101, 2),
    stopLimit(5, 'buy', 102, 103, 2, { tif: 'FOK', stp: 'cancel_both' }),
    stopMarket(6, 'sell', 98, 1),
    stopMarket(7, 'buy', 103, 4, { quoteLimit: 500 }),
    { type: 'reduce', id: 2, qty: 1 },
  ];
  const future: Command[] = [
    limit(8, 'buy', 102, 10, { account: 9, stp: 'cancel_maker' }),
    market(9, 'sell', 20),
    limit(10, 'sell', 97, 3),
    { type: 'cancel', id: 5 },
  ];

  it('a restored book emits byte-identical events and reaches the same state', () => {
    const a = newBook();
    for (const c of history) a.book.apply(c);
    const stored = JSON.stringify(a.book.snapshot());
    a.take();
    const b = newBook();
    const restored = OrderBook.restore(JSON.parse(stored));
    restored.setSink((e: EngineEvent) => void b.events.push({ ...e }));
    for (const c of future) {
      a.book.apply(c);
      restored.apply(c);
    }
    const after = a.take();
    expect(after.length).toBeGreaterThan(8);
    expect(JSON.stringify(b.events)).toBe(JSON.stringify(after));
    expect(JSON.stringify(restored.snapshot())).toBe(JSON.stringify(a.book.snapshot()));
  });

  it('snapshots list orders in priority order with every field', () => {
    const { book } = newBook({ maxPrice: 500, maxQty: 100, stp: 'cancel_maker' });
    for (const c of history) book.apply(c);
    const snap = book.snapshot();
    expect(snap).toMatchObject({ version: 1, maxPrice: 500, maxQty: 100, stp: 'cancel_maker', lastTradePrice: 101 });
    expect(snap.asks.map((o) => [o.id, o.remaining])).toEqual([
      [1, 3],
      [2, 1],
    ]);
    expect(snap.bids.map((o) => o.id)).toEqual([3]);
    expect(snap.stops.map((o) => o.id)).toEqual([5, 7, 6]);
    expect(snap.stops[1]).toEqual({
      id: 7,
      account: 7,
      side: 'buy',
      orderType: 'stop_market',
      status: 'stop',
      price: null,
      stopPrice: 103,
      tif: 'IOC',
      stp: 'cancel_maker',
      quoteLimit: 500,
      qty: 4,
      remaining: 4,
      filled: 0,
    });
  });

  it('restore refuses corrupt snapshots', () => {
    const { book } = newBook();
    for (const c of history) book.apply(c);
    const good = book.snapshot();
    const bad = (change: (s: typeof good) => void): (() => OrderBook) => {
      const copy = structuredClone(good);
      change(copy);
      return () => OrderBook.restore(copy);
    };
    expect(bad((s) => ((s as { version: number }).version = 2))).toThrow(/version/);
    expect(bad((s) => (s.seq = -1))).toThrow(/seq/);
    expect(bad((s) => (s.asks[0]!.remaining = 0))).toThrow(/qty/);
    expect(bad((s) => (s.asks[0]!.filled = 99))).toThrow(/filled/);
    expect(bad((s) => s.bids.push({ ...s.asks[0]! }))).toThrow(/side/);
    expect(bad((s) => s.asks.push({ ...s.asks[0]! }))).toThrow(/duplicate/);
    expect(bad((s) => (s.bids[0]!.price = 200))).toThrow(/crossed/);
    expect(bad((s) => (s.stops[0]!.status = 'resting'))).toThrow(/status/);
    expect(bad((s) => ((s as { stops: unknown }).stops = null))).toThrow(/order lists/);
    expect(() => OrderBook.restore(good)).not.toThrow();
  });
});

describe('contract', () => {
  it('same commands, same events', () => {
    const run = () => {
      const { book, events } = newBook();
      for (let i = 1; i <= 200; i++) {
        book.submit(limit(i, i % 2 === 0 ? 'buy' : 'sell', 100 + ((i * 7) % 11) - 5, 1 + (i % 4), { account: i % 3 }));
        if (i % 5 === 0) book.cancel(i - 3);
      }
      return JSON.stringify(events);
    };
    expect(run()).toBe(run());
  });

  it('the sink must not call back into the book', () => {
    const book: OrderBook = new OrderBook({ sink: () => book.cancel(1) });
    expect(() => book.submit(limit(1, 'buy', 100, 1))).toThrow(/re-entrant/);
  });

  it('events handed to the sink are reused: a sink that keeps them copies them', () => {
    const kept: EngineEvent[] = [];
    const book = new OrderBook({ sink: (e) => kept.push(e) });
    book.submit(limit(1, 'buy', 100, 1));
    book.submit(limit(2, 'buy', 100, 1));
    expect(kept[0]).toBe(kept[1]);
    expect(kept[0]).toMatchObject({ orderId: 2 });
  });
});
