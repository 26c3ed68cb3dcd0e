// The two engines behind one small interface, each fed the same stream in its own idiom:
// numeric ids and a reused command object for Tessera, string ids and a reused options object
// for nodejs-order-book. Neither adapter allocates per command beyond what its engine does.
import { OrderBook as TheirBook, Side } from 'nodejs-order-book';
import { OrderBook } from '../src/order-book';
import type { LimitOrderCommand, MarketOrderCommand } from '../src/types';
import { OP_LIMIT, OP_MARKET, SIDE_BUY, textIds } from './streams';
import type { Stream } from './streams';

export interface EngineRunner {
  readonly name: string;
  /** Starts again from an empty book. */
  reset(): void;
  /** Readies a stream for this engine, before any timing. */
  prepare(s: Stream): void;
  step(s: Stream, i: number): void;
  /** Runs commands [from, to); each engine has its own copy of the loop so each stays monomorphic. */
  run(s: Stream, from: number, to: number): void;
  /** The same, timing each command into out[i - from] in nanoseconds. */
  runTimed(s: Stream, from: number, to: number, out: Float64Array): void;
  /** Every price level, best first, as [price, quantity]. */
  levels(): { bids: [number, number][]; asks: [number, number][] };
  /** Cancels that found no order. */
  missedCancels: number;
}

export class TesseraRunner implements EngineRunner {
  readonly name = 'tessera';
  missedCancels = 0;
  private book = new OrderBook();
  private readonly limit: LimitOrderCommand = { type: 'limit', id: 0, account: 0, side: 'buy', price: 0, qty: 0 };
  private readonly market: MarketOrderCommand = { type: 'market', id: 0, account: 0, side: 'buy', qty: 0 };

  prepare(): void {}

  reset(): void {
    this.missedCancels = 0;
    // A real consumer looks at every event; counting misses is the least work that does so.
    this.book = new OrderBook({
      sink: (e) => {
        if (e.type === 'rejected') this.missedCancels++;
      },
    });
  }

  step(s: Stream, i: number): void {
    const op = s.op[i];
    if (op === OP_LIMIT) {
      const c = this.limit;
      c.id = s.id[i] as number;
      // One account per order: nodejs-order-book applies no self-trade prevention without accounts.
      c.account = c.id;
      c.side = s.side[i] === SIDE_BUY ? 'buy' : 'sell';
      c.price = s.price[i] as number;
      c.qty = s.qty[i] as number;
      this.book.submit(c);
    } else if (op === OP_MARKET) {
      const c = this.market;
      c.id = s.id[i] as number;
      c.account = c.id;
      c.side = s.side[i] === SIDE_BUY ? 'buy' : 'sell';
      c.qty = s.qty[i] as number;
      this.book.submit(c);
    } else {
      this.book.cancel(s.id[i] as number);
    }
  }

  run(s: Stream, from: number, to: number): void {
    for (let i = from; i < to; i++) this.step(s, i);
  }

  runTimed(s: Stream, from: number, to: number, out: Float64Array): void {
    for (let i = from; i < to; i++) {
      const a = process.hrtime.bigint();
      this.step(s, i);
      out[i - from] = Number(process.hrtime.bigint() - a);
    }
  }

  levels(): { bids: [number, number][]; asks: [number, number][] } {
    const d = this.book.depth(Number.MAX_SAFE_INTEGER);
    return { bids: d.bids.map((l) => [l.price, l.qty]), asks: d.asks.map((l) => [l.price, l.qty]) };
  }
}

export class TheirRunner implements EngineRunner {
  readonly name = 'nodejs-order-book';
  missedCancels = 0;
  private book = new TheirBook();
  private readonly limit = { id: '', side: Side.BUY, size: 0, price: 0 };
  private readonly market = { side: Side.BUY, size: 0 };

  prepare(s: Stream): void {
    textIds(s);
  }

  reset(): void {
    this.missedCancels = 0;
    this.book = new TheirBook();
  }

  step(s: Stream, i: number): void {
    const op = s.op[i];
    if (op === OP_LIMIT) {
      const c = this.limit;
      c.id = (s.idText as string[])[i] as string;
      c.side = s.side[i] === SIDE_BUY ? Side.BUY : Side.SELL;
      c.size = s.qty[i] as number;
      c.price = s.price[i] as number;
      this.book.limit(c);
    } else if (op === OP_MARKET) {
      const c = this.market;
      c.side = s.side[i] === SIDE_BUY ? Side.BUY : Side.SELL;
      c.size = s.qty[i] as number;
      this.book.market(c);
    } else if (this.book.cancel((s.idText as string[])[i] as string) === undefined) {
      this.missedCancels++;
    }
  }

  run(s: Stream, from: number, to: number): void {
    for (let i = from; i < to; i++) this.step(s, i);
  }

  runTimed(s: Stream, from: number, to: number, out: Float64Array): void {
    for (let i = from; i < to; i++) {
      const a = process.hrtime.bigint();
      this.step(s, i);
      out[i - from] = Number(process.hrtime.bigint() - a);
    }
  }

  levels(): { bids: [number, number][]; asks: [number, number][] } {
    const [asks, bids] = this.book.depth();
    // Its bid tree iterates best (highest) first already; sort both to be independent of that.
    return {
      bids: [...bids].sort((a, b) => b[0] - a[0]),
      asks: [...asks].sort((a, b) => a[0] - b[0]),
    };
  }
}
