// Seeded command streams for the benchmark. Streams are columns of typed arrays, built before any
// timing starts, so that both engines replay exactly the same commands and the harness itself
// allocates nothing while it measures.
import { OrderBook } from '../src/order-book';
import type { EngineEvent } from '../src/types';

export const OP_LIMIT = 0;
export const OP_MARKET = 1;
export const OP_CANCEL = 2;

export const SIDE_BUY = 0;
export const SIDE_SELL = 1;

export interface Stream {
  readonly name: string;
  readonly length: number;
  readonly op: Uint8Array;
  readonly side: Uint8Array;
  readonly price: Float64Array;
  readonly qty: Float64Array;
  /** The new order's id, or the id a cancel targets. */
  readonly id: Float64Array;
  /**
   * The same ids as strings for nodejs-order-book, which keys orders by string; made by textIds()
   * before its runs and dropped after, so that a million live strings do not slow the garbage
   * collector while the other engine is measured.
   */
  idText: string[] | null;
  /** Commands at the start that only build the book and are left out of the measurements. */
  readonly setup: number;
}

/** mulberry32: tiny, fast and good enough to shape a workload; the seed makes runs repeatable. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Uniform integer in [lo, hi]. */
function uniform(rand: () => number, lo: number, hi: number): number {
  return lo + Math.floor(rand() * (hi - lo + 1));
}

class StreamBuilder {
  readonly op: Uint8Array;
  readonly side: Uint8Array;
  readonly price: Float64Array;
  readonly qty: Float64Array;
  readonly id: Float64Array;
  length = 0;

  constructor(capacity: number) {
    this.op = new Uint8Array(capacity);
    this.side = new Uint8Array(capacity);
    this.price = new Float64Array(capacity);
    this.qty = new Float64Array(capacity);
    this.id = new Float64Array(capacity);
  }

  push(op: number, side: number, price: number, qty: number, id: number): void {
    const i = this.length++;
    this.op[i] = op;
    this.side[i] = side;
    this.price[i] = price;
    this.qty[i] = qty;
    this.id[i] = id;
  }

  build(name: string, setup: number): Stream {
    return { name, length: this.length, op: this.op, side: this.side, price: this.price, qty: this.qty, id: this.id, idText: null, setup };
  }
}

/** The string ids of a stream, made once. */
export function textIds(s: Stream): string[] {
  if (s.idText === null) {
    const text = new Array<string>(s.length);
    for (let i = 0; i < s.length; i++) text[i] = String(s.id[i]);
    s.idText = text;
  }
  return s.idText;
}

const MID = 1_000_000;

/**
 * S1: 88% limit orders, half crossing (buy at mid + U[1,100], sell at mid − U[1,100]) and half
 * resting on their own side (buy at mid − U[1,100], sell at mid + U[1,100]); 2% market orders;
 * 10% cancels of a random id among the last 10,000 issued; sizes U[1,100]; the mid moves by
 * U[−3,3] ticks every 1,000 commands.
 */
export function streamS1(length: number, seed: number): Stream {
  const rand = mulberry32(seed);
  const b = new StreamBuilder(length);
  let mid = MID;
  let nextId = 1;
  for (let i = 0; i < length; i++) {
    if (i > 0 && i % 1000 === 0) mid += uniform(rand, -3, 3);
    const r = rand();
    if (r < 0.88) {
      const side = rand() < 0.5 ? SIDE_BUY : SIDE_SELL;
      const crossing = rand() < 0.5;
      const offset = uniform(rand, 1, 100);
      const up = (side === SIDE_BUY) === crossing;
      b.push(OP_LIMIT, side, up ? mid + offset : mid - offset, uniform(rand, 1, 100), nextId++);
    } else if (r < 0.9) {
      b.push(OP_MARKET, rand() < 0.5 ? SIDE_BUY : SIDE_SELL, 0, uniform(rand, 1, 100), nextId++);
    } else {
      const back = uniform(rand, 1, Math.min(10_000, nextId - 1));
      b.push(OP_CANCEL, 0, 0, 0, nextId - back);
    }
  }
  return b.build('S1', 0);
}

/**
 * S2: a steady book of about 3,000 resting orders (bids at mid − U[1,50], asks at mid + U[1,50]),
 * built by untimed setup commands; then 8% market orders of U[1,100] lots and, for the rest,
 * new resting orders or cancels of a live order, steered to keep the book near 3,000 orders.
 * Which orders are still live depends on the fills, so the generator replays its own stream on
 * a Tessera book; the benchmark checks on nodejs-order-book that no cancel missed.
 */
export function streamS2(length: number, seed: number, target = 3000): Stream {
  const rand = mulberry32(seed);
  const b = new StreamBuilder(length + target);
  const live: number[] = [];
  const slot = new Map<number, number>();
  const forget = (id: number): void => {
    const at = slot.get(id);
    if (at === undefined) return;
    const last = live.pop() as number;
    if (last !== id) {
      live[at] = last;
      slot.set(last, at);
    }
    slot.delete(id);
  };
  const book = new OrderBook({
    sink: (e: EngineEvent) => {
      if (e.type === 'trade' && e.makerRemaining === 0) forget(e.makerId);
    },
  });
  let nextId = 1;
  const add = (): void => {
    const side = rand() < 0.5 ? SIDE_BUY : SIDE_SELL;
    const offset = uniform(rand, 1, 50);
    const price = side === SIDE_BUY ? MID - offset : MID + offset;
    const qty = uniform(rand, 1, 100);
    const id = nextId++;
    b.push(OP_LIMIT, side, price, qty, id);
    book.submit({ type: 'limit', id, account: id, side: side === SIDE_BUY ? 'buy' : 'sell', price, qty });
    slot.set(id, live.length);
    live.push(id);
  };
  for (let i = 0; i < target; i++) add();
  for (let i = 0; i < length; i++) {
    const r = rand();
    if (r < 0.08) {
      const side = rand() < 0.5 ? SIDE_BUY : SIDE_SELL;
      const qty = uniform(rand, 1, 100);
      const id = nextId++;
      b.push(OP_MARKET, side, 0, qty, id);
      book.submit({ type: 'market', id, account: id, side: side === SIDE_BUY ? 'buy' : 'sell', qty });
    } else if (live.length > 0 && rand() < (live.length >= target ? 0.6 : 0.4)) {
      const id = live[Math.floor(rand() * live.length)] as number;
      forget(id);
      b.push(OP_CANCEL, 0, 0, 0, id);
      book.cancel(id);
    } else {
      add();
    }
  }
  return b.build('S2', target);
}

/** S3: `depth` orders resting at one price, then cancels of `cancels` orders from its middle. */
export function streamS3(depth: number, cancels: number): Stream {
  const b = new StreamBuilder(depth + cancels);
  for (let id = 1; id <= depth; id++) b.push(OP_LIMIT, SIDE_SELL, MID, 10, id);
  const first = Math.floor((depth - cancels) / 2) + 1;
  for (let k = 0; k < cancels; k++) {
    // Alternate around the centre so that every cancel is from deep inside the level.
    const offset = k % 2 === 0 ? k / 2 : -(k + 1) / 2;
    b.push(OP_CANCEL, 0, 0, 0, first + Math.floor(cancels / 2) + offset);
  }
  return b.build('S3', depth);
}
