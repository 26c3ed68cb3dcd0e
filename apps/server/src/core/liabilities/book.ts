import type { Queryable } from '../../db/database';
import type { CommandContext } from '../command-context';
import type { CommandResult, Deadline, KindState } from '../kind';
import { refuse } from '../refusal';
import { LIABILITY_SNAPSHOTS, loadLiabilities, type LiabilitiesRows } from './repository';
import { dayAfter, startOfDay, utcDay, type LiabilitySnapshot } from './state';

/**
 * Takes a snapshot of every balance: asked by an operator (`requestedBy`), or the daily one (a
 * deadline at 00:00 UTC, `day` set). The core applies it in a batch of its own.
 */
export interface LiabilitiesSnapshotCommand {
  kind: 'liabilities_snapshot';
  key: string;
  requestedBy: number | null;
  day?: string;
}

export type LiabilitiesCommand = LiabilitiesSnapshotCommand;

const dailyKey = (day: string) => `deadline:liabilities:${day}`;

/**
 * The proof of liabilities' snapshots. Taking one copies the balance book's entries (references:
 * balances are replaced, never changed in place), which is the only work done inside the core;
 * summing, hashing and storing the trees happen outside it, once the snapshot is durable.
 */
export class LiabilitiesBook implements KindState<LiabilitiesCommand, LiabilitiesRows> {
  private lastId = 0;
  private lastDay: string | null = null;
  /** the next daily snapshot's day, from the loaded state and the clock of the load */
  private nextDay = '';

  load(db: Queryable): Promise<LiabilitiesRows> {
    return loadLiabilities(db);
  }

  reset(rows: LiabilitiesRows, context: { now: Date }): void {
    this.lastId = rows.lastId;
    this.lastDay = rows.lastDay;
    this.nextDay = this.dayAfterLast(context.now);
  }

  apply(command: LiabilitiesCommand, context: CommandContext, now: Date): CommandResult {
    const day = command.day ?? null;
    // a daily deadline already taken (a restart raced it) takes nothing twice
    if (day !== null && this.lastDay !== null && day <= this.lastDay) refuse('data not found');
    const snapshot: LiabilitySnapshot = {
      id: this.lastId + 1,
      takenAt: now,
      cause: day === null ? 'operator' : 'daily',
      requestedBy: command.requestedBy,
      day,
      balances: [...context.everyBalance()],
    };
    context.stage(LIABILITY_SNAPSHOTS, snapshot);
    this.lastId = snapshot.id;
    if (day !== null) {
      this.lastDay = day;
      this.nextDay = this.dayAfterLast(now);
      context.addDeadline(this.daily(this.nextDay));
    }
    return { applied: true, recordId: snapshot.id };
  }

  *deadlines(): Iterable<Deadline> {
    yield this.daily(this.nextDay);
  }

  /**
   * The day of the next daily snapshot: the day after the last one, but never a day before
   * today (after a long stop one snapshot catches up, not one per missed day); with none yet,
   * tomorrow.
   */
  private dayAfterLast(now: Date): string {
    const today = utcDay(now);
    if (this.lastDay === null) return dayAfter(today);
    const next = dayAfter(this.lastDay);
    return next < today ? today : next;
  }

  private daily(day: string): Deadline {
    return {
      key: dailyKey(day),
      dueAt: startOfDay(day),
      command: (): LiabilitiesSnapshotCommand => ({ kind: 'liabilities_snapshot', key: dailyKey(day), requestedBy: null, day }),
    };
  }
}
