// The engine against the reference model on random command streams: identical events and
// identical books after every command, and the invariants of InvariantChecker throughout.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectEvents } from '../src/events';
import { OrderBook } from '../src/order-book';
import type { Command, StpMode } from '../src/types';
import { commandStream } from './arbitraries';
import { InvariantChecker } from './invariants';
import { ReferenceBook } from './reference-model';

// Moderate counts keep the suite fast on CI; raise FC_RUNS locally for a deeper search.
const RUNS = Number(process.env.FC_RUNS ?? 250);
// Shrinking a long failing stream can take minutes; stop it after a while and report the smallest
// counterexample found by then. A slow machine that hits the limit before any failure runs fewer cases.
const LIMITS = { interruptAfterTimeLimit: 40_000 };

/** Deep equality through JSON (fast), with vitest's diff only when they differ. */
function same(actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual).toEqual(expected);
}

function engineWithLog(opts: ConstructorParameters<typeof OrderBook>[0] = {}) {
  const { sink, events } = collectEvents();
  return { book: new OrderBook({ ...opts, sink }), events };
}

/** Feeds the commands to the engine and the model, comparing everything after each one. */
function runBoth(commands: Command[], stp: StpMode, capacity?: number): void {
  const { book, events } = engineWithLog({ stp, ...(capacity === undefined ? {} : { capacity }) });
  const model = new ReferenceBook({ stp });
  const checker = new InvariantChecker();
  for (const cmd of commands) {
    const from = events.length;
    book.apply(cmd);
    model.apply(cmd);
    same(events.slice(from), model.events.slice(from));
    same(book.snapshot(), model.snapshot());
    expect(book.bestBid()).toBe(model.bestBid());
    expect(book.bestAsk()).toBe(model.bestAsk());
    checker.check(book, events);
  }
}

describe('engine vs reference model', () => {
  it('produces the same events and the same book after every command', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(commandStream(150), fc.constantFrom<StpMode>('cancel_taker', 'cancel_maker', 'cancel_both'), (commands, stp) => {
        runBoth(commands, stp);
      }),
      { ...LIMITS, numRuns: RUNS },
    );
  });

  it('agrees on wide books too, where the level heap is deep, and while its tables grow', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(commandStream(200, { min: 1, max: 400 }), (commands) => {
        // Room for one order only: the order table and the id map grow while commands run.
        runBoth(commands, 'cancel_maker', 1);
      }),
      { ...LIMITS, numRuns: Math.ceil(RUNS / 3) },
    );
  });


  it('aggregates depth as the sum of the resting orders at each price', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(commandStream(120, { min: 90, max: 130 }), fc.integer({ min: 1, max: 12 }), (commands, n) => {
        const { book } = engineWithLog();
        for (const cmd of commands) book.apply(cmd);
        const snap = book.snapshot();
        const expectLevels = (orders: typeof snap.bids) => {
          const out: { price: number; qty: number; orders: number }[] = [];
          for (const o of orders) {
            const last = out[out.length - 1];
            if (last !== undefined && last.price === o.price) {
              last.qty += o.remaining;
              last.orders++;
            } else out.push({ price: o.price!, qty: o.remaining, orders: 1 });
          }
          return out.slice(0, n);
        };
        expect(book.depth(n)).toEqual({ bids: expectLevels(snap.bids), asks: expectLevels(snap.asks) });
      }),
      { ...LIMITS, numRuns: Math.ceil(RUNS / 2) },
    );
  });
});

describe('snapshot and restore', () => {
  it('a restored book produces byte-identical output for any following commands', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(commandStream(100), commandStream(100), (before, after) => {
        const { book, events } = engineWithLog();
        for (const cmd of before) book.apply(cmd);
        const stored = JSON.stringify(book.snapshot());

        const restoredLog = collectEvents();
        const restored = OrderBook.restore(JSON.parse(stored), restoredLog.sink);
        expect(JSON.stringify(restored.snapshot())).toBe(stored);

        const from = events.length;
        // Ids in `after` start at 1 again, so they also exercise duplicates of live orders.
        for (const cmd of after as Command[]) {
          book.apply(cmd);
          restored.apply(cmd);
        }
        expect(JSON.stringify(restoredLog.events)).toBe(JSON.stringify(events.slice(from)));
        expect(JSON.stringify(restored.snapshot())).toBe(JSON.stringify(book.snapshot()));
      }),
      { ...LIMITS, numRuns: Math.ceil(RUNS / 2) },
    );
  });
});
