// The order controls bots rely on (time in force, post-only, self-trade prevention per order),
// each against the reference model: the random streams must actually reach every outcome of every
// control, or the equality checks of order-book.property.test.ts would prove nothing about it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectEvents } from '../src/events';
import { OrderBook } from '../src/order-book';
import type { Command, EngineEvent, StpMode } from '../src/types';
import { commandStream } from './arbitraries';
import { ReferenceBook } from './reference-model';

const RUNS = Number(process.env.FC_RUNS ?? 250);

type Outcome =
  | 'GTC rests'
  | 'IOC remainder cancelled'
  | 'FOK filled whole'
  | 'FOK killed untouched'
  | 'post-only rests'
  | 'post-only refused for taking'
  | 'stp cancel_taker'
  | 'stp cancel_maker'
  | 'stp cancel_both';

/** What each accepted order of a command led to, read from the engine's own events. */
function outcomesOf(command: Command, events: EngineEvent[], book: OrderBook): Outcome[] {
  if (command.type !== 'limit') return [];
  const tif = command.tif ?? 'GTC';
  const mine = events.filter((event) => 'orderId' in event && event.orderId === command.id);
  const found: Outcome[] = [];
  const rejected = mine.find((event) => event.type === 'rejected');
  if (rejected?.type === 'rejected' && rejected.reason === 'post_only_would_cross') found.push('post-only refused for taking');
  if (rejected) return found;
  const cancel = mine.find((event) => event.type === 'cancelled');
  const traded = events.some((event) => event.type === 'trade' && event.takerId === command.id);
  if (tif === 'GTC' && book.getOrder(command.id) !== undefined) found.push('GTC rests');
  if (tif === 'POST_ONLY' && book.getOrder(command.id) !== undefined) found.push('post-only rests');
  if (tif === 'IOC' && cancel?.type === 'cancelled' && cancel.reason === 'unfilled' && traded) found.push('IOC remainder cancelled');
  if (tif === 'FOK' && cancel?.type === 'cancelled' && cancel.reason === 'fok_unfillable' && !traded) found.push('FOK killed untouched');
  if (tif === 'FOK' && !cancel && traded) found.push('FOK filled whole');
  const selfTrades = events.filter((event) => event.type === 'cancelled' && event.reason === 'self_trade');
  if (selfTrades.length > 0) {
    const takerCancelled = selfTrades.some((event) => event.type === 'cancelled' && event.orderId === command.id);
    const makerCancelled = selfTrades.some((event) => event.type === 'cancelled' && event.orderId !== command.id);
    if (takerCancelled && makerCancelled) found.push('stp cancel_both');
    else if (takerCancelled) found.push('stp cancel_taker');
    else if (makerCancelled) found.push('stp cancel_maker');
  }
  return found;
}

describe('order controls against the reference model', () => {
  it('reaches every outcome of time in force, post-only and each self-trade mode, with the model agreeing on each', { timeout: 60_000 }, () => {
    const seen = new Map<Outcome, number>();
    fc.assert(
      fc.property(commandStream(150), fc.constantFrom<StpMode>('cancel_taker', 'cancel_maker', 'cancel_both'), (commands, stp) => {
        const { sink, events } = collectEvents();
        const book = new OrderBook({ sink, stp });
        const model = new ReferenceBook({ stp });
        for (const command of commands) {
          const from = events.length;
          book.apply(command);
          model.apply(command);
          expect(events.slice(from)).toEqual(model.events.slice(from));
          for (const outcome of outcomesOf(command, events.slice(from), book)) seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
        }
        expect(book.snapshot()).toEqual(model.snapshot());
      }),
      { numRuns: RUNS, seed: 28 },
    );
    const every: Outcome[] = [
      'GTC rests',
      'IOC remainder cancelled',
      'FOK filled whole',
      'FOK killed untouched',
      'post-only rests',
      'post-only refused for taking',
      'stp cancel_taker',
      'stp cancel_maker',
      'stp cancel_both',
    ];
    expect(every.filter((outcome) => (seen.get(outcome) ?? 0) === 0), 'outcomes the random streams never reached').toEqual([]);
  });

  it('a per-order mode overrides the book’s: the same crossing ends three ways', () => {
    const run = (stp: StpMode) => {
      const { sink, events } = collectEvents();
      const book = new OrderBook({ sink, stp: 'cancel_taker' });
      book.submit({ type: 'limit', id: 1, account: 7, side: 'sell', price: 100, qty: 5 });
      book.submit({ type: 'limit', id: 2, account: 8, side: 'sell', price: 101, qty: 5 });
      book.submit({ type: 'limit', id: 3, account: 7, side: 'buy', price: 101, qty: 5, stp });
      return { cancelled: events.flatMap((event) => (event.type === 'cancelled' ? [event.orderId] : [])), trades: events.filter((event) => event.type === 'trade').length };
    };
    expect(run('cancel_taker')).toEqual({ cancelled: [3], trades: 0 });
    expect(run('cancel_maker')).toEqual({ cancelled: [1], trades: 1 });
    expect(run('cancel_both')).toEqual({ cancelled: [1, 3], trades: 0 });
  });
});
