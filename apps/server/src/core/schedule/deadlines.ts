import type { Deadline } from '../kind';

interface Entry {
  deadline: Deadline;
  /** order of scheduling: equal due times fire in the order they were scheduled */
  seq: number;
}

const before = (a: Entry, b: Entry) => a.deadline.dueAt < b.deadline.dueAt || (a.deadline.dueAt === b.deadline.dueAt && a.seq < b.seq);

/**
 * The core's due times: a binary min-heap on (due time, order of scheduling). A key is scheduled
 * at most once; `clear` and re-adding rebuild it from the kinds' persisted state at every load.
 */
export class DeadlineQueue {
  private readonly heap: Entry[] = [];
  private readonly keys = new Set<string>();
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  clear(): void {
    this.heap.length = 0;
    this.keys.clear();
  }

  /** Adds a deadline; false when one with the same key is already scheduled. */
  add(deadline: Deadline): boolean {
    if (this.keys.has(deadline.key)) return false;
    this.keys.add(deadline.key);
    this.heap.push({ deadline, seq: (this.seq += 1) });
    this.up(this.heap.length - 1);
    return true;
  }

  /** The earliest due time, or undefined when nothing is scheduled. */
  nextDueAt(): number | undefined {
    return this.heap[0]?.deadline.dueAt;
  }

  /** Removes and returns every deadline due at `now` or before, earliest first. */
  takeDue(now: number): Deadline[] {
    const due: Deadline[] = [];
    while (this.heap.length > 0 && (this.heap[0] as Entry).deadline.dueAt <= now) {
      const top = this.pop();
      this.keys.delete(top.deadline.key);
      due.push(top.deadline);
    }
    return due;
  }

  private pop(): Entry {
    const top = this.heap[0] as Entry;
    const last = this.heap.pop() as Entry;
    if (this.heap.length > 0) {
      this.heap[0] = last;
      this.down(0);
    }
    return top;
  }

  private up(index: number): void {
    const heap = this.heap;
    const entry = heap[index] as Entry;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!before(entry, heap[parent] as Entry)) break;
      heap[index] = heap[parent] as Entry;
      index = parent;
    }
    heap[index] = entry;
  }

  private down(index: number): void {
    const heap = this.heap;
    const entry = heap[index] as Entry;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && before(heap[right] as Entry, heap[left] as Entry) ? right : left;
      if (!before(heap[child] as Entry, entry)) break;
      heap[index] = heap[child] as Entry;
      index = child;
    }
    heap[index] = entry;
  }
}
