import type { Balance } from '../balance-book';

/** Why a snapshot was taken: an operator asked, or the day began (UTC). */
export type SnapshotCause = 'operator' | 'daily';

/**
 * A picture of every balance at a batch boundary, for the proof of liabilities. The core takes it
 * in a batch of its own (the command is exclusive), so it is exactly what the batches before it
 * made durable; the row written with it records the last ledger entry those batches wrote.
 */
export interface LiabilitySnapshot {
  id: number;
  takenAt: Date;
  cause: SnapshotCause;
  /** the operator who asked; null for the daily one */
  requestedBy: number | null;
  /** the UTC day (YYYY-MM-DD) of a daily snapshot */
  day: string | null;
  /**
   * Every balance the core held, as `userId:currencyId:wallet` and its value. Memory only: the
   * builder reads it once the snapshot is durable. Balances are replaced, never changed in place,
   * so the references stay the values of that moment.
   */
  balances: [string, Balance][];
}

const DAY_MS = 86_400_000;

/** The UTC day of a time, as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function dayAfter(day: string): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS));
}

/** The start (00:00 UTC) of a day, in epoch milliseconds: when its daily snapshot is due. */
export function startOfDay(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}
