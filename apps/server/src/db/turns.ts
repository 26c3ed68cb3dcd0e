import { randomUUID } from 'node:crypto';
import type { Queryable } from './database';

/** How long a taken key stays taken when its holder never gives it back (the holder died). */
export const TURN_LEASE_SECONDS = 60;

const FIRST_WAIT_MS = 2;
const LONGEST_WAIT_MS = 50;

/**
 * One task at a time per key, across every process on the database: the key is taken by one
 * conditional write (`insert … on conflict do update … where` the lease ran out), so two processes
 * can never both hold it, and given back when the task ends, so the rule holds however many
 * processes serve the API. Tasks waiting for a key retry
 * with growing pauses; their order is not their arrival order. A task must end well within
 * TURN_LEASE_SECONDS.
 */
export class Turns {
  /** this process's name on the keys it holds */
  private readonly holder = randomUUID();

  constructor(private readonly db: Queryable) {}

  /** Runs `task` once `key` is free, holding it until the task settles. */
  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let pause = FIRST_WAIT_MS;
    while (!(await this.take(key))) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, LONGEST_WAIT_MS);
    }
    return this.holding(key, task);
  }

  /** Runs `task` if `key` is free now; otherwise calls `busy` (which refuses). */
  async runOrElse<T>(key: string, task: () => Promise<T>, busy: () => never): Promise<T> {
    if (!(await this.take(key))) busy();
    return this.holding(key, task);
  }

  private async holding<T>(key: string, task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } finally {
      await this.db.query('delete from turns where key = $1 and holder = $2', [key, this.holder]);
    }
  }

  private async take(key: string): Promise<boolean> {
    const rows = await this.db.query(
      `insert into turns as t (key, holder, until) values ($1, $2, clock_timestamp() + make_interval(secs => $3))
       on conflict (key) do update set holder = excluded.holder, until = excluded.until
         where t.until < clock_timestamp()
       returning key`,
      [key, this.holder, TURN_LEASE_SECONDS],
    );
    return rows.length === 1;
  }
}
