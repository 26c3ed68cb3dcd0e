import type { Database } from '../../src/db/database';

/** The statement the core reloads its state with first (CoreRepository.loadBalances). */
const RELOAD = /\bfrom balances\b/;

/**
 * Faults of the database as the core sees it: its batch write (the one prepared statement) and
 * its reload fail on demand, while every other statement goes through.
 */
export class CoreFaults {
  /** while set, every reload of the core's state fails */
  failReloads = false;
  private remaining = 0;
  private holding = false;
  private reached = () => {};
  private held: Promise<void> = Promise.resolve();

  /**
   * The core's next `count` statements fail (a batch write, then the reload after it). The
   * failing write waits for `release()`, so commands can be queued behind it; `reached` resolves
   * when it has started.
   */
  failNextCoreStatements(count: number): { reached: Promise<void>; release: () => void } {
    this.remaining = count;
    let release = () => {};
    this.held = new Promise((resolve) => (release = resolve));
    const reached = new Promise<void>((resolve) => (this.reached = resolve));
    return { reached, release };
  }

  /**
   * The core's next batch write waits for `release()`, then goes through: commands submitted
   * meanwhile queue behind the batch being applied. `reached` resolves when the write has started.
   */
  holdNextWrite(): { reached: Promise<void>; release: () => void } {
    this.holding = true;
    let release = () => {};
    this.held = new Promise((resolve) => (release = resolve));
    const reached = new Promise<void>((resolve) => (this.reached = resolve));
    return { reached, release };
  }

  async write(): Promise<void> {
    if (this.holding) {
      this.holding = false;
      this.reached();
      await this.held;
      return;
    }
    if (this.remaining === 0) return;
    this.reached();
    await this.held;
    this.take();
  }

  reload(sql: string): void {
    if (!RELOAD.test(sql)) return;
    if (this.failReloads) throw new Error('injected fault: the database refused the reload');
    if (this.remaining > 0) this.take();
  }

  private take(): never {
    this.remaining -= 1;
    throw new Error('injected fault: the database refused the statement');
  }
}

/** The real database with `faults` injected into the core's statements. */
export function withCoreFaults(db: Database, faults: CoreFaults): Database {
  return {
    ...db,
    async query(sql, params) {
      faults.reload(sql);
      return db.query(sql, params);
    },
    async queryPrepared(sql, params) {
      await faults.write();
      return db.queryPrepared(sql, params);
    },
  };
}
