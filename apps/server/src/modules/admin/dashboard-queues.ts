/** A work queue the dashboard counts: its key (the back office links it to its screen) and how many wait. */
export interface QueueCounter {
  key: string;
  count: () => Promise<number>;
}

/**
 * The queues of products beyond the built-in ones (identity, deposits, withdrawals, adjustments):
 * a module registers its counter once at wiring (c2c disputes, …) and the dashboard shows it.
 */
export class DashboardQueues {
  private readonly counters: QueueCounter[] = [];

  register(counter: QueueCounter): void {
    if (this.counters.some((existing) => existing.key === counter.key)) throw new Error(`dashboard queue ${counter.key} registered twice`);
    this.counters.push(counter);
  }

  async counts(): Promise<Record<string, number>> {
    const values = await Promise.all(this.counters.map((counter) => counter.count()));
    return Object.fromEntries(this.counters.map((counter, index) => [counter.key, values[index] ?? 0]));
  }
}
