// Price levels, and one side of a book built from them: levels found by a hash map, ordered by
// an indexed binary heap, each level a FIFO intrusive doubly linked list of order slots.
//
// Why these structures:
// - matching only ever needs the best level, which the heap gives in O(1); a level that empties
//   is removed in O(log L) (L = number of levels), wherever it sits, because every level knows
//   its heap position; so the next best price is there at once even when a whole side drains,
//   and prices may be anywhere in the safe-integer range (a tick-indexed array could not);
// - the intrusive list makes append, unlink and partial fill O(1) whatever the length of the
//   level, with no per-level array to splice;
// - ordered walks (depth, fill-or-kill checks, snapshots) are rare; they explore the heap as a
//   tree with a small frontier, O(k log k) for the k best levels, without changing it.
// Levels live in typed-array columns like orders (see order-store.ts), for the same reason.
import { IdMap } from './id-map';
import { NIL, growF64, growI32 } from './order-store';
import type { OrderStore } from './order-store';

export class LevelStore {
  price: Float64Array;
  /** price on an ascending side, −price on a descending one: every heap is a min-heap. */
  key: Float64Array;
  /** Sum of the remaining quantities at this level. */
  total: Float64Array;
  count: Int32Array;
  head: Int32Array;
  tail: Int32Array;
  heapIndex: Int32Array;
  private free: Int32Array;
  private freeCount = 0;
  private used = 0;

  constructor(capacity = 256) {
    this.price = new Float64Array(capacity);
    this.key = new Float64Array(capacity);
    this.total = new Float64Array(capacity);
    this.count = new Int32Array(capacity);
    this.head = new Int32Array(capacity);
    this.tail = new Int32Array(capacity);
    this.heapIndex = new Int32Array(capacity);
    this.free = new Int32Array(capacity);
  }

  /** A fresh, empty level. May grow the columns: do not hold a column across this call. */
  alloc(price: number, key: number): number {
    let lvl: number;
    if (this.freeCount > 0) lvl = this.free[--this.freeCount] as number;
    else {
      if (this.used === this.price.length) this.grow();
      lvl = this.used++;
    }
    this.price[lvl] = price;
    this.key[lvl] = key;
    this.total[lvl] = 0;
    this.count[lvl] = 0;
    this.head[lvl] = NIL;
    this.tail[lvl] = NIL;
    return lvl;
  }

  release(lvl: number): void {
    this.heapIndex[lvl] = NIL;
    this.free[this.freeCount++] = lvl;
  }

  private grow(): void {
    const n = this.price.length * 2;
    this.price = growF64(this.price, n);
    this.key = growF64(this.key, n);
    this.total = growF64(this.total, n);
    this.count = growI32(this.count, n);
    this.head = growI32(this.head, n);
    this.tail = growI32(this.tail, n);
    this.heapIndex = growI32(this.heapIndex, n);
    this.free = growI32(this.free, n);
  }
}

export class BookSide {
  /** Sum of the remaining quantities of every order on this side. */
  total = 0;
  orderCount = 0;
  /** Level ids; heap[0] is the best level when size > 0. */
  heap: Int32Array = new Int32Array(64);
  size = 0;
  private readonly byPrice = new IdMap(64);
  private frontier: Int32Array = new Int32Array(64);
  private frontierSize = 0;

  /** ascending: the best level has the lowest price (asks, buy stops). */
  constructor(
    readonly ascending: boolean,
    private readonly orders: OrderStore,
    private readonly levels: LevelStore,
  ) {}

  /** The best level, or NIL. */
  best(): number {
    return this.size > 0 ? (this.heap[0] as number) : NIL;
  }

  /** Appends the order at the back of the level at `price`, creating the level if needed. */
  append(slot: number, price: number): void {
    let lvl = this.byPrice.get(price);
    if (lvl === NIL) {
      lvl = this.levels.alloc(price, this.ascending ? price : -price);
      this.byPrice.set(price, lvl);
      this.heapPush(lvl);
    }
    const L = this.levels;
    const o = this.orders;
    const tail = L.tail[lvl] as number;
    o.level[slot] = lvl;
    o.prev[slot] = tail;
    o.next[slot] = NIL;
    if (tail === NIL) L.head[lvl] = slot;
    else o.next[tail] = slot;
    L.tail[lvl] = slot;
    L.count[lvl] = (L.count[lvl] as number) + 1;
    const qty = o.qty[slot] as number;
    L.total[lvl] = (L.total[lvl] as number) + qty;
    this.total += qty;
    this.orderCount++;
  }

  /** Unlinks the order in O(1), and drops its level when it empties. */
  remove(slot: number): void {
    const L = this.levels;
    const o = this.orders;
    const lvl = o.level[slot] as number;
    const prev = o.prev[slot] as number;
    const next = o.next[slot] as number;
    if (prev === NIL) L.head[lvl] = next;
    else o.next[prev] = next;
    if (next === NIL) L.tail[lvl] = prev;
    else o.prev[next] = prev;
    o.prev[slot] = NIL;
    o.next[slot] = NIL;
    o.level[slot] = NIL;
    const qty = o.qty[slot] as number;
    L.total[lvl] = (L.total[lvl] as number) - qty;
    this.total -= qty;
    this.orderCount--;
    const count = (L.count[lvl] as number) - 1;
    L.count[lvl] = count;
    if (count === 0) {
      this.byPrice.delete(L.price[lvl] as number);
      this.heapRemove(L.heapIndex[lvl] as number);
      L.release(lvl);
    }
  }

  /** Lowers a resting order's quantity, keeping the level and side totals in step. */
  decrease(slot: number, by: number): void {
    const o = this.orders;
    const L = this.levels;
    const lvl = o.level[slot] as number;
    o.qty[slot] = (o.qty[slot] as number) - by;
    L.total[lvl] = (L.total[lvl] as number) - by;
    this.total -= by;
  }

  /** Starts an ordered walk from the best level; the side must not change during the walk. */
  walkStart(): void {
    this.frontierSize = 0;
    if (this.size > 0) this.frontierPush(0);
  }

  /** The next level of the walk in priority order, or NIL at the end. */
  walkNext(): number {
    if (this.frontierSize === 0) return NIL;
    const f = this.frontier;
    const top = f[0] as number;
    const last = f[--this.frontierSize] as number;
    if (this.frontierSize > 0) {
      f[0] = last;
      this.frontierDown();
    }
    const l = 2 * top + 1;
    if (l < this.size) this.frontierPush(l);
    if (l + 1 < this.size) this.frontierPush(l + 1);
    return this.heap[top] as number;
  }

  private heapPush(lvl: number): void {
    if (this.size === this.heap.length) this.heap = growI32(this.heap, this.size * 2);
    this.heap[this.size] = lvl;
    this.siftUp(this.size++);
  }

  private heapRemove(i: number): void {
    const h = this.heap;
    const last = h[--this.size] as number;
    if (i === this.size) return;
    h[i] = last;
    const key = this.levels.key;
    // The moved level may belong above or below its new position.
    if (i > 0 && (key[h[(i - 1) >> 1] as number] as number) > (key[last] as number)) this.siftUp(i);
    else this.siftDown(i);
  }

  private siftUp(start: number): void {
    const h = this.heap;
    const keys = this.levels.key;
    const pos = this.levels.heapIndex;
    const item = h[start] as number;
    const key = keys[item] as number;
    let i = start;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const parent = h[p] as number;
      if ((keys[parent] as number) <= key) break;
      h[i] = parent;
      pos[parent] = i;
      i = p;
    }
    h[i] = item;
    pos[item] = i;
  }

  private siftDown(start: number): void {
    const h = this.heap;
    const n = this.size;
    const keys = this.levels.key;
    const pos = this.levels.heapIndex;
    const item = h[start] as number;
    const key = keys[item] as number;
    let i = start;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      let c = l;
      let child = h[l] as number;
      if (l + 1 < n) {
        const right = h[l + 1] as number;
        if ((keys[right] as number) < (keys[child] as number)) {
          c = l + 1;
          child = right;
        }
      }
      if ((keys[child] as number) >= key) break;
      h[i] = child;
      pos[child] = i;
      i = c;
    }
    h[i] = item;
    pos[item] = i;
  }

  /** Key of the level at heap position `i`. */
  private keyAt(i: number): number {
    return this.levels.key[this.heap[i] as number] as number;
  }

  private frontierPush(heapPos: number): void {
    if (this.frontierSize === this.frontier.length) this.frontier = growI32(this.frontier, this.frontierSize * 2);
    const f = this.frontier;
    const key = this.keyAt(heapPos);
    let i = this.frontierSize++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.keyAt(f[p] as number) <= key) break;
      f[i] = f[p] as number;
      i = p;
    }
    f[i] = heapPos;
  }

  private frontierDown(): void {
    const f = this.frontier;
    const n = this.frontierSize;
    const item = f[0] as number;
    const key = this.keyAt(item);
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      let c = l;
      if (l + 1 < n && this.keyAt(f[l + 1] as number) < this.keyAt(f[l] as number)) c = l + 1;
      if (this.keyAt(f[c] as number) >= key) break;
      f[i] = f[c] as number;
      i = c;
    }
    f[i] = item;
  }
}
