// Invariants checked on the engine after every command, computed from its events alone, so they
// hold whatever the reference model says.
import type { OrderBook } from '../src/order-book';
import type { EngineEvent } from '../src/types';

interface Ledger {
  placed: number;
  filled: number;
  cancelled: number;
  /** Seq at which the order joined the book: its acceptance, or its trigger for a stop. */
  joined: number;
  stop: boolean;
  triggers: number;
}

function fail(message: string): never {
  throw new Error(`invariant violated: ${message}`);
}

export class InvariantChecker {
  private readonly ledgers = new Map<number, Ledger>();
  private seen = 0;

  /** Folds the events not seen yet into per-order ledgers, then checks the book against them. */
  check(book: OrderBook, events: EngineEvent[]): void {
    for (; this.seen < events.length; this.seen++) this.fold(events[this.seen] as EngineEvent);

    const bid = book.bestBid();
    const ask = book.bestAsk();
    if (bid !== null && ask !== null && bid >= ask) fail(`crossed book: bid ${bid} >= ask ${ask}`);

    const snap = book.snapshot();
    for (const list of [snap.bids, snap.asks]) {
      for (let i = 1; i < list.length; i++) {
        const a = list[i - 1]!;
        const b = list[i]!;
        if (a.price === b.price && this.ledger(a.id).joined >= this.ledger(b.id).joined) {
          fail(`FIFO broken at price ${a.price}: order ${a.id} queued before ${b.id}`);
        }
      }
    }
    for (const s of snap.stops) if (this.ledger(s.id).triggers !== 0) fail(`stop ${s.id} is pending after its trigger`);

    for (const [id, l] of this.ledgers) {
      const live = book.getOrder(id);
      const resting = live?.remaining ?? 0;
      if (l.filled + resting + l.cancelled !== l.placed) {
        fail(`order ${id}: filled ${l.filled} + resting ${resting} + cancelled ${l.cancelled} != placed ${l.placed}`);
      }
      if (live !== undefined && live.filled !== l.filled) fail(`order ${id}: getOrder().filled ${live.filled} != ${l.filled}`);
      if (l.triggers > (l.stop ? 1 : 0)) fail(`order ${id} triggered ${l.triggers} times`);
    }
  }

  private ledger(id: number): Ledger {
    const l = this.ledgers.get(id);
    if (l === undefined) throw new Error(`no ledger for order ${id}`);
    return l;
  }

  private fold(e: EngineEvent): void {
    switch (e.type) {
      case 'accepted':
        this.ledgers.set(e.orderId, {
          placed: e.qty,
          filled: 0,
          cancelled: 0,
          joined: e.seq,
          stop: e.stopPrice !== null,
          triggers: 0,
        });
        break;
      case 'trade':
        if (!(e.qty > 0)) fail(`empty trade ${JSON.stringify(e)}`);
        this.ledger(e.takerId).filled += e.qty;
        this.ledger(e.makerId).filled += e.qty;
        break;
      case 'cancelled':
      case 'reduced':
        this.ledger(e.orderId).cancelled += e.qty;
        break;
      case 'triggered': {
        const l = this.ledger(e.orderId);
        l.triggers++;
        l.joined = e.seq;
        break;
      }
      case 'rejected':
        break;
    }
  }
}
