import { EventEmitter } from 'node:events';
import { formatAmount, type Atoms } from '../../core/amount';
import type { Core } from '../../core/core';

/** A price level as the wire carries it: `[price, quantity]`, decimal strings; quantity `"0"` removes the level. */
export type WireLevel = [string, string];

export interface BookDiff {
  pairId: number;
  /** this diff's number; the one before it was `seq - 1` */
  seq: number;
  bids: WireLevel[];
  asks: WireLevel[];
}

export interface BookSnapshot {
  pairId: number;
  /** the number of the last diff this snapshot includes: apply the diffs numbered after it */
  seq: number;
  bids: WireLevel[];
  asks: WireLevel[];
}

/** Every level a book may hold, for a full snapshot: far beyond any real book. */
const FULL_DEPTH = 100_000;
const TICK_MS = 100;

interface Published {
  seq: number;
  bids: Map<Atoms, Atoms>;
  asks: Map<Atoms, Atoms>;
}

/**
 * Each pair's order book as the bots' stream publishes it: at most ten times a second, the levels
 * that changed since the last publication, numbered. A snapshot is the published book with the
 * number of its last diff, so a client that applies the diffs after it holds exactly the book the
 * server published (and, once the stream is quiet, the core's own book).
 */
export class BookDiffStream {
  readonly events = new EventEmitter<{ diff: [diff: BookDiff] }>();
  private readonly published = new Map<number, Published>();
  private readonly changed = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private readonly onOrders = (orders: { pairId: number }[]) => {
    for (const order of orders) this.changed.add(order.pairId);
  };

  constructor(private readonly core: Core) {}

  start(): void {
    this.core.events.on('orders', this.onOrders);
    this.timer = setInterval(() => this.publishChanges(), TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    this.core.events.off('orders', this.onOrders);
    if (this.timer) clearInterval(this.timer);
  }

  snapshot(pairId: number): BookSnapshot {
    const book = this.publishedOf(pairId);
    const levels = (side: Map<Atoms, Atoms>, descending: boolean): WireLevel[] =>
      [...side.entries()].sort(([a], [b]) => (descending ? (a > b ? -1 : a < b ? 1 : 0) : a < b ? -1 : a > b ? 1 : 0)).map(([price, quantity]) => [formatAmount(price), formatAmount(quantity)]);
    return { pairId, seq: book.seq, bids: levels(book.bids, true), asks: levels(book.asks, false) };
  }

  /** Publishes the diffs of every pair whose book changed (the timer calls it; tests may too). */
  publishChanges(): void {
    const pairs = [...this.changed];
    this.changed.clear();
    for (const pairId of pairs) {
      const book = this.published.get(pairId);
      // a pair nobody asked for yet is read whole at its first snapshot
      if (!book) continue;
      const depth = this.core.read.depth(pairId, FULL_DEPTH);
      const bids = diffSide(book.bids, depth.bids);
      const asks = diffSide(book.asks, depth.asks);
      if (bids.length === 0 && asks.length === 0) continue;
      book.seq += 1;
      this.events.emit('diff', { pairId, seq: book.seq, bids, asks });
    }
  }

  private publishedOf(pairId: number): Published {
    let book = this.published.get(pairId);
    if (!book) {
      const depth = this.core.read.depth(pairId, FULL_DEPTH);
      book = {
        seq: 0,
        bids: new Map(depth.bids.map((level) => [level.price, level.quantity])),
        asks: new Map(depth.asks.map((level) => [level.price, level.quantity])),
      };
      this.published.set(pairId, book);
    }
    return book;
  }
}

/** Brings `side` to `levels`, answering what changed: new or changed levels, and removed ones at quantity 0. */
function diffSide(side: Map<Atoms, Atoms>, levels: readonly { price: Atoms; quantity: Atoms }[]): WireLevel[] {
  const changes: WireLevel[] = [];
  const present = new Set<Atoms>();
  for (const { price, quantity } of levels) {
    present.add(price);
    if (side.get(price) !== quantity) {
      side.set(price, quantity);
      changes.push([formatAmount(price), formatAmount(quantity)]);
    }
  }
  for (const price of side.keys()) {
    if (!present.has(price)) {
      side.delete(price);
      changes.push([formatAmount(price), '0']);
    }
  }
  return changes;
}
