import { localKeyTime } from './command-key';
import type { CommandResult } from './kind';

export interface RecentKeysLimits {
  /** most keys held; the oldest go first */
  maxKeys: number;
  /** oldest key held, in milliseconds since its batch was durable */
  maxAgeMs: number;
}

/**
 * Held in memory: a duplicate of a recent command (a double submit, a retry within seconds, a
 * deadline fired twice) is answered without asking the database. Ten minutes or 200,000 keys,
 * whichever is fewer: about 30 MB whatever the history, some 30 MB more when every key came from
 * a gateway (each keeps its result).
 */
export const RECENT_KEYS: RecentKeysLimits = { maxKeys: 200_000, maxAgeMs: 10 * 60_000 };

/**
 * The keys of the commands this process made durable lately: a window bounded by time and by
 * count. It also keeps the result of each held key a remote call applied, so a retry of that call
 * (a gateway sending it again) is answered that result; a retry of an older key (or of a key made
 * durable before this process started) is told only that it is a duplicate. The database's unique index on `core_commands` answers for every older key, so memory and
 * start time do not grow with history (nothing is loaded at start).
 *
 * `isNew(key)` is true only when the key is certainly not durable: a key this process made
 * (`newCommandKey`) after the window was created, after the oldest key the window ever let go of, and after the last batch whose
 * outcome is unknown (a write that failed may have committed). Every other key that is not held
 * here must be looked up in the database before it applies.
 */
export class RecentCommandKeys {
  /** key -> wall time it was made durable; insertion order is time order */
  private readonly held = new Map<string, number>();
  /** the result of each held key a remote call applied, with that call; forgotten with its key */
  private readonly results = new Map<string, { call: string; result: CommandResult }>();
  /**
   * Keys made before or at this time may be durable without being held: at first, every key made
   * before this window (a core started again in the same process), then what it forgot.
   */
  private coveredAfter: number;
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly limits: RecentKeysLimits = RECENT_KEYS,
    private readonly now: () => number = Date.now,
  ) {
    this.coveredAfter = now();
  }

  get size(): number {
    return this.held.size;
  }

  has(key: string): boolean {
    return this.held.has(key);
  }

  /** The result the key's command had, while the key is held, when `call` (a retry of it) asks. */
  resultOf(key: string, call: string): CommandResult | undefined {
    const kept = this.results.get(key);
    return kept?.call === call ? kept.result : undefined;
  }

  /** Keeps the result of a held key's command for the retries of `call` (a key already forgotten keeps nothing). */
  keepResult(key: string, call: string, result: CommandResult): void {
    if (this.held.has(key)) this.results.set(key, { call, result });
  }

  /** True when the key cannot be durable: made here, after everything the window forgot. */
  isNew(key: string): boolean {
    const madeAt = localKeyTime(key);
    return madeAt !== undefined && madeAt > this.coveredAfter && !this.held.has(key);
  }

  /** Remembers the keys of a durable batch, then forgets what is too old or too many. */
  addDurable(keys: Iterable<string>): void {
    const at = (this.lastAt = Math.max(this.lastAt, this.now()));
    for (const key of keys) this.held.set(key, at);
    this.evict(at);
  }

  /**
   * A batch write failed: it may have committed all the same (a connection lost after the
   * commit), so no key made until now is certainly new any more.
   */
  outcomeUnknown(): void {
    this.coveredAfter = Math.max(this.coveredAfter, this.now());
  }

  private evict(at: number): void {
    const oldest = at - this.limits.maxAgeMs;
    for (const [key, heldAt] of this.held) {
      if (this.held.size <= this.limits.maxKeys && heldAt >= oldest) break;
      this.held.delete(key);
      this.results.delete(key);
      this.coveredAfter = Math.max(this.coveredAfter, heldAt);
    }
  }
}
