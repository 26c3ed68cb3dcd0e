// Event delivery. The book owns one mutable object per event type and refills it for every
// event, so that a command allocates nothing for its output; a sink that keeps events copies them.
import type {
  AcceptedEvent,
  CancelledEvent,
  EngineEvent,
  EventSink,
  ReducedEvent,
  RejectedEvent,
  TradeEvent,
  TriggeredEvent,
} from './types';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export interface EventSlots {
  accepted: Mutable<AcceptedEvent>;
  trade: Mutable<TradeEvent>;
  cancelled: Mutable<CancelledEvent>;
  reduced: Mutable<ReducedEvent>;
  rejected: Mutable<RejectedEvent>;
  triggered: Mutable<TriggeredEvent>;
}

// Every field is initialised with a value of its final kind so that V8 gives each slot one stable shape.
export function createEventSlots(): EventSlots {
  return {
    accepted: {
      type: 'accepted',
      seq: 0,
      orderId: 0,
      account: 0,
      side: 'buy',
      orderType: 'limit',
      price: null,
      stopPrice: null,
      qty: 0,
    },
    trade: {
      type: 'trade',
      seq: 0,
      price: 0,
      qty: 0,
      takerId: 0,
      takerAccount: 0,
      takerSide: 'buy',
      makerId: 0,
      makerAccount: 0,
      takerRemaining: 0,
      makerRemaining: 0,
    },
    cancelled: { type: 'cancelled', seq: 0, orderId: 0, account: 0, qty: 0, reason: 'user' },
    reduced: { type: 'reduced', seq: 0, orderId: 0, account: 0, qty: 0, remaining: 0 },
    rejected: { type: 'rejected', seq: 0, command: 'submit', orderId: null, reason: 'invalid_type' },
    triggered: { type: 'triggered', seq: 0, orderId: 0, account: 0, stopPrice: 0, lastPrice: 0 },
  };
}

/** A sink that keeps a copy of every event, for tests, replays and callers that prefer arrays. */
export function collectEvents(): { sink: EventSink; events: EngineEvent[] } {
  const events: EngineEvent[] = [];
  return { events, sink: (event) => void events.push({ ...event }) };
}

export function noopSink(): void {}
