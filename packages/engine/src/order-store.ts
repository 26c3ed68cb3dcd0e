// Order records stored column-wise in typed arrays and addressed by slot number.
//
// Why not one object per order: a resting order lives long, so object nodes get promoted to the
// old generation while new orders keep being linked to them (prev/next pointers, the id map);
// every young-generation collection then has to trace those links, and in a growing book that
// cost showed up as pauses of tens of milliseconds. Typed arrays hold no pointers, so the
// collector never looks inside them, and a freed slot is reused by the next order, so steady
// trading allocates nothing.

/** The null slot. */
export const NIL = -1;

export const KIND_LIMIT = 0;
export const KIND_MARKET = 1;
export const KIND_STOP_LIMIT = 2;
export const KIND_STOP_MARKET = 3;

export const TIF_GTC = 0;
export const TIF_IOC = 1;
export const TIF_FOK = 2;
export const TIF_POST_ONLY = 3;

export const STP_CANCEL_TAKER = 0;
export const STP_CANCEL_MAKER = 1;
export const STP_CANCEL_BOTH = 2;

export const NO_QUOTE_LIMIT = -1;

export class OrderStore {
  id: Float64Array;
  account: Float64Array;
  /** Limit price; 0 for market kinds. */
  price: Float64Array;
  /** 0 when not a stop. */
  stopPrice: Float64Array;
  /** Remaining quantity. */
  qty: Float64Array;
  /** Quantity accepted. */
  placed: Float64Array;
  filled: Float64Array;
  /** Remaining quote budget of a market buy, or NO_QUOTE_LIMIT. */
  quoteLimit: Float64Array;
  /** The trade price that triggered a stop. */
  triggerPrice: Float64Array;
  buy: Uint8Array;
  kind: Uint8Array;
  tif: Uint8Array;
  stp: Uint8Array;
  /** 1 while the order waits in a stop book; its level is then a stop level. */
  isStop: Uint8Array;
  level: Int32Array;
  prev: Int32Array;
  next: Int32Array;
  private free: Int32Array;
  private freeCount = 0;
  private used = 0;

  constructor(capacity = 1024) {
    this.id = new Float64Array(capacity);
    this.account = new Float64Array(capacity);
    this.price = new Float64Array(capacity);
    this.stopPrice = new Float64Array(capacity);
    this.qty = new Float64Array(capacity);
    this.placed = new Float64Array(capacity);
    this.filled = new Float64Array(capacity);
    this.quoteLimit = new Float64Array(capacity);
    this.triggerPrice = new Float64Array(capacity);
    this.buy = new Uint8Array(capacity);
    this.kind = new Uint8Array(capacity);
    this.tif = new Uint8Array(capacity);
    this.stp = new Uint8Array(capacity);
    this.isStop = new Uint8Array(capacity);
    this.level = new Int32Array(capacity);
    this.prev = new Int32Array(capacity);
    this.next = new Int32Array(capacity);
    this.free = new Int32Array(capacity);
  }

  /** A slot for a new order. May grow the columns: do not hold a column across this call. */
  alloc(): number {
    if (this.freeCount > 0) return this.free[--this.freeCount] as number;
    if (this.used === this.id.length) this.grow();
    return this.used++;
  }

  release(slot: number): void {
    this.isStop[slot] = 0;
    this.level[slot] = NIL;
    this.prev[slot] = NIL;
    this.next[slot] = NIL;
    this.free[this.freeCount++] = slot;
  }

  private grow(): void {
    const n = this.id.length * 2;
    this.id = growF64(this.id, n);
    this.account = growF64(this.account, n);
    this.price = growF64(this.price, n);
    this.stopPrice = growF64(this.stopPrice, n);
    this.qty = growF64(this.qty, n);
    this.placed = growF64(this.placed, n);
    this.filled = growF64(this.filled, n);
    this.quoteLimit = growF64(this.quoteLimit, n);
    this.triggerPrice = growF64(this.triggerPrice, n);
    this.buy = growU8(this.buy, n);
    this.kind = growU8(this.kind, n);
    this.tif = growU8(this.tif, n);
    this.stp = growU8(this.stp, n);
    this.isStop = growU8(this.isStop, n);
    this.level = growI32(this.level, n);
    this.prev = growI32(this.prev, n);
    this.next = growI32(this.next, n);
    this.free = growI32(this.free, n);
  }
}

export function growF64(a: Float64Array, n: number): Float64Array {
  const b = new Float64Array(n);
  b.set(a);
  return b;
}

export function growI32(a: Int32Array, n: number): Int32Array {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}

function growU8(a: Uint8Array, n: number): Uint8Array {
  const b = new Uint8Array(n);
  b.set(a);
  return b;
}
