// A hash map from non-negative safe integers (order ids, prices) to slot numbers, open addressing
// with linear probing over typed arrays.
//
// Why not Map: the id lookup sits on every command, and a built-in Map costs a hash-table walk
// through boxed entries; here a lookup is a multiply, a mask and usually one probe in a flat
// array, and, like the order columns, the table holds no pointers for the collector to trace.

const EMPTY = -1;

export class IdMap {
  size = 0;
  private keys: Float64Array;
  private vals: Int32Array;
  private mask: number;

  /** `capacity` is rounded up to a power of two; the table doubles when half full. */
  constructor(capacity = 1024) {
    let n = 16;
    while (n < capacity) n *= 2;
    this.keys = new Float64Array(n);
    this.vals = new Int32Array(n).fill(EMPTY);
    this.mask = n - 1;
  }

  /** The value for `key`, or -1. */
  get(key: number): number {
    const keys = this.keys;
    const vals = this.vals;
    const mask = this.mask;
    for (let i = hash(key) & mask; ; i = (i + 1) & mask) {
      const v = vals[i] as number;
      if (v === EMPTY || keys[i] === key) return v;
    }
  }

  has(key: number): boolean {
    return this.get(key) !== EMPTY;
  }

  /** Sets the value of `key`; `value` must be ≥ 0. */
  set(key: number, value: number): void {
    const keys = this.keys;
    const vals = this.vals;
    const mask = this.mask;
    let i = hash(key) & mask;
    while (vals[i] !== EMPTY) {
      if (keys[i] === key) {
        vals[i] = value;
        return;
      }
      i = (i + 1) & mask;
    }
    keys[i] = key;
    vals[i] = value;
    if (++this.size * 2 > mask) this.grow();
  }

  delete(key: number): boolean {
    const keys = this.keys;
    const vals = this.vals;
    const mask = this.mask;
    let i = hash(key) & mask;
    for (;;) {
      const v = vals[i] as number;
      if (v === EMPTY) return false;
      if (keys[i] === key) break;
      i = (i + 1) & mask;
    }
    // Backward-shift deletion: pull later entries of the probe run into the hole, so that
    // lookups never need tombstones and the table never degrades with churn.
    for (let hole = i, j = (i + 1) & mask; ; j = (j + 1) & mask) {
      const v = vals[j] as number;
      if (v === EMPTY) {
        vals[hole] = EMPTY;
        break;
      }
      const home = hash(keys[j] as number) & mask;
      // Move j into the hole unless its home lies cyclically in (hole, j].
      if (hole <= j ? home <= hole || home > j : home <= hole && home > j) {
        keys[hole] = keys[j] as number;
        vals[hole] = v;
        hole = j;
      }
    }
    this.size--;
    return true;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldVals = this.vals;
    const n = oldKeys.length * 2;
    this.keys = new Float64Array(n);
    this.vals = new Int32Array(n).fill(EMPTY);
    this.mask = n - 1;
    this.size = 0;
    for (let i = 0; i < oldKeys.length; i++) {
      const v = oldVals[i] as number;
      if (v !== EMPTY) this.set(oldKeys[i] as number, v);
    }
  }
}

/** Mixes both 32-bit halves of a safe integer; sequential ids spread over the whole table. */
function hash(key: number): number {
  const lo = key >>> 0;
  const hi = (key / 4294967296) >>> 0;
  let h = Math.imul(lo ^ Math.imul(hi, 0x27d4eb2d), 0x9e3779b1);
  h ^= h >>> 15;
  return h;
}
