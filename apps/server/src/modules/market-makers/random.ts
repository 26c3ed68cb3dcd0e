/** A small seeded generator (mulberry32): the same seed gives the same market, run after run. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** An integer in [0, 2^32). */
  nextUint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + (this.nextUint32() % (max - min + 1));
  }

  /** true with probability percent / 100. */
  chance(percent: number): boolean {
    return this.nextUint32() % 100 < percent;
  }
}
