// Small builders that keep the example tests short and readable.
import { collectEvents } from '../src/events';
import { OrderBook } from '../src/order-book';
import type {
  EngineEvent,
  LimitOrderCommand,
  MarketOrderCommand,
  OrderBookOptions,
  Side,
  StopLimitOrderCommand,
  StopMarketOrderCommand,
} from '../src/types';

export function newBook(opts: Omit<OrderBookOptions, 'sink'> = {}): { book: OrderBook; events: EngineEvent[]; take: () => EngineEvent[] } {
  const { sink, events } = collectEvents();
  const book = new OrderBook({ ...opts, sink });
  let seen = 0;
  /** The events emitted since the previous call. */
  const take = (): EngineEvent[] => {
    const fresh = events.slice(seen);
    seen = events.length;
    return fresh;
  };
  return { book, events, take };
}

type Extra<T> = Partial<Omit<T, 'type' | 'id' | 'side'>>;

export const limit = (id: number, side: Side, price: number, qty: number, extra: Extra<LimitOrderCommand> = {}): LimitOrderCommand => ({
  type: 'limit',
  id,
  account: id,
  side,
  price,
  qty,
  ...extra,
});

export const market = (id: number, side: Side, qty: number, extra: Extra<MarketOrderCommand> = {}): MarketOrderCommand => ({
  type: 'market',
  id,
  account: id,
  side,
  qty,
  ...extra,
});

export const stopLimit = (
  id: number,
  side: Side,
  stopPrice: number,
  price: number,
  qty: number,
  extra: Extra<StopLimitOrderCommand> = {},
): StopLimitOrderCommand => ({ type: 'stop_limit', id, account: id, side, stopPrice, price, qty, ...extra });

export const stopMarket = (
  id: number,
  side: Side,
  stopPrice: number,
  qty: number,
  extra: Extra<StopMarketOrderCommand> = {},
): StopMarketOrderCommand => ({ type: 'stop_market', id, account: id, side, stopPrice, qty, ...extra });

/** The trades among the events, reduced to [maker, taker, price, qty]. */
export const trades = (events: EngineEvent[]): [number, number, number, number][] =>
  events.flatMap((e) => (e.type === 'trade' ? [[e.makerId, e.takerId, e.price, e.qty] as [number, number, number, number]] : []));

/** The cancellations among the events, reduced to [order, qty, reason]. */
export const cancels = (events: EngineEvent[]): [number, number, string][] =>
  events.flatMap((e) => (e.type === 'cancelled' ? [[e.orderId, e.qty, e.reason] as [number, number, string]] : []));

/** The rejection reasons among the events. */
export const rejections = (events: EngineEvent[]): string[] => events.flatMap((e) => (e.type === 'rejected' ? [e.reason] : []));

/** Event types in order, e.g. ['accepted', 'trade', 'cancelled']. */
export const kinds = (events: EngineEvent[]): string[] => events.map((e) => e.type);
