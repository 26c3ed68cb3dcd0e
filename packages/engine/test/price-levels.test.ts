// The level heap and FIFO lists on their own, against a sorted list, with many more levels than
// the order-book streams produce, so that every heap path (sift up, sift down, removal from the
// middle, growth) is exercised.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NIL, OrderStore } from '../src/order-store';
import { BookSide, LevelStore } from '../src/price-levels';

type Op = { add: true; price: number; qty: number } | { add: false; pick: number };

const ops = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: fc.record({ add: fc.constant(true as const), price: fc.integer({ min: 1, max: 300 }), qty: fc.integer({ min: 1, max: 9 }) }) },
    { weight: 2, arbitrary: fc.record({ add: fc.constant(false as const), pick: fc.nat() }) },
  ),
  { maxLength: 400, size: 'max' },
);

describe('BookSide', () => {
  for (const ascending of [true, false]) {
    it(`keeps levels in ${ascending ? 'ascending' : 'descending'} order and orders in FIFO order`, { timeout: 30_000 }, () => {
      fc.assert(
        fc.property(ops, (list: Op[]) => {
          const orders = new OrderStore(4);
          const levels = new LevelStore(2);
          const side = new BookSide(ascending, orders, levels);
          // The model: live orders in arrival order.
          let live: { slot: number; price: number; qty: number }[] = [];
          for (const op of list) {
            if (op.add) {
              const slot = orders.alloc();
              orders.qty[slot] = op.qty;
              side.append(slot, op.price);
              live.push({ slot, price: op.price, qty: op.qty });
            } else if (live.length > 0) {
              const victim = live[op.pick % live.length]!;
              side.remove(victim.slot);
              orders.release(victim.slot);
              live = live.filter((x) => x !== victim);
            }
            const prices = [...new Set(live.map((x) => x.price))].sort((a, b) => (ascending ? a - b : b - a));
            const best = side.best();
            expect(best === NIL ? null : levels.price[best]).toBe(prices[0] ?? null);
            expect(side.total).toBe(live.reduce((s, x) => s + x.qty, 0));
            expect(side.orderCount).toBe(live.length);
          }
          // A full ordered walk: every level once, in priority order, each a FIFO list.
          const walked: { price: number; slots: number[]; total: number }[] = [];
          side.walkStart();
          for (let lvl = side.walkNext(); lvl !== NIL; lvl = side.walkNext()) {
            const slots: number[] = [];
            for (let s = levels.head[lvl]!; s !== NIL; s = orders.next[s]!) slots.push(s);
            walked.push({ price: levels.price[lvl]!, slots, total: levels.total[lvl]! });
          }
          const prices = [...new Set(live.map((x) => x.price))].sort((a, b) => (ascending ? a - b : b - a));
          expect(walked).toEqual(
            prices.map((price) => {
              const here = live.filter((x) => x.price === price);
              return { price, slots: here.map((x) => x.slot), total: here.reduce((s, x) => s + x.qty, 0) };
            }),
          );
        }),
        { numRuns: 100, interruptAfterTimeLimit: 20_000 },
      );
    });
  }
});
