import type { Atoms } from '../amount';

export interface IndexedTrigger {
  key: string;
  direction: 'rise' | 'fall';
  level: Atoms;
}

/**
 * One side of a pair's triggers, sorted so that the next to fire is last: crossed triggers come
 * off the end, so a mark move finds the k it crossed in O(k), and adding or removing one costs a
 * binary search and one array move.
 */
class Side<T extends IndexedTrigger> {
  readonly items: T[] = [];

  /** `fires(level, mark)`: the side's crossing rule; `after(a, b)`: a sorts after b (fires sooner). */
  constructor(
    private readonly fires: (level: Atoms, mark: Atoms) => boolean,
    private readonly after: (a: Atoms, b: Atoms) => boolean,
  ) {}

  add(trigger: T): void {
    // before every equal level, further from the end: among equals the earliest added fires first
    this.items.splice(this.firstNotBefore(trigger.level), 0, trigger);
  }

  remove(trigger: T): void {
    for (let index = this.firstNotBefore(trigger.level); index < this.items.length && (this.items[index] as T).level === trigger.level; index += 1) {
      if ((this.items[index] as T).key === trigger.key) {
        this.items.splice(index, 1);
        return;
      }
    }
  }

  /** The first position whose level equals `level` or sorts after it (binary search). */
  private firstNotBefore(level: Atoms): number {
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.after(level, (this.items[mid] as T).level)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Takes every trigger the mark crosses, in the order they are reached. */
  takeCrossed(mark: Atoms, into: T[]): void {
    const items = this.items;
    while (items.length > 0 && this.fires((items[items.length - 1] as T).level, mark)) into.push(items.pop() as T);
  }
}

/**
 * A pair's price triggers: `rise` ones fire when the mark is at or above their level, `fall` ones
 * at or below. Each fires once: taken out when crossed.
 */
export class TriggerIndex<T extends IndexedTrigger = IndexedTrigger> {
  // rise: highest level first, lowest (next to fire on a rise) last
  private readonly rise = new Side<T>((level, mark) => mark >= level, (a, b) => a < b);
  // fall: lowest level first, highest (next to fire on a fall) last
  private readonly fall = new Side<T>((level, mark) => mark <= level, (a, b) => a > b);
  private readonly byKey = new Map<string, T>();

  get size(): number {
    return this.byKey.size;
  }

  /** Adds a trigger; one with the same key is replaced. */
  add(trigger: T): void {
    this.remove(trigger.key);
    this.byKey.set(trigger.key, trigger);
    (trigger.direction === 'rise' ? this.rise : this.fall).add(trigger);
  }

  remove(key: string): boolean {
    const trigger = this.byKey.get(key);
    if (!trigger) return false;
    this.byKey.delete(key);
    (trigger.direction === 'rise' ? this.rise : this.fall).remove(trigger);
    return true;
  }

  /** Takes out and returns the triggers `mark` crosses: rises by ascending level, then falls by descending level. */
  crossed(mark: Atoms): T[] {
    return this.crossedBetween(mark, mark);
  }

  /** Takes out and returns the triggers a price moving within [low, high] crosses: rises reached by `high`, falls by `low`. */
  crossedBetween(low: Atoms, high: Atoms): T[] {
    const crossed: T[] = [];
    this.rise.takeCrossed(high, crossed);
    this.fall.takeCrossed(low, crossed);
    for (const trigger of crossed) this.byKey.delete(trigger.key);
    return crossed;
  }
}
