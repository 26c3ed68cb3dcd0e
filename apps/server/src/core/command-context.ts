import { everyAmountFits, fitsColumn, type Atoms } from './amount';
import { keyOf, type Balance, type BalanceBook, type BalanceKey } from './balance-book';
import type { CoreTable, Deadline, PriceTrigger } from './kind';
import { refuse } from './refusal';
import type { LastTradeTrigger } from './triggers/last-trade-triggers';

export interface LedgerEntry extends BalanceKey {
  deltaAvailable: Atoms;
  deltaLocked: Atoms;
  reason: string;
  reference: string;
}

export interface Movement extends BalanceKey {
  available?: Atoms;
  locked?: Atoms;
  reason: string;
  reference?: string;
}

/** Rows of one table staged by one command: by key (final state) or in order. */
type StagedRows = Map<number | string, unknown> | unknown[];

/**
 * What a command handler sees while it runs: the balances as earlier commands left them, and a
 * way to change them. Changes are staged; they reach the book, the batch and the schedule only if
 * the whole command succeeds, so a refusal halfway leaves nothing behind.
 */
export class CommandContext {
  private readonly staged = new Map<string, Balance>();
  readonly entries: LedgerEntry[] = [];
  /** rows per table, created on a command's first row */
  private rows: Map<CoreTable<unknown>, StagedRows> | undefined;
  /** deadlines and triggers the command added or removed, created on first use */
  schedule: { deadlines: Deadline[]; triggers: PriceTrigger[]; lastTradeTriggers: LastTradeTrigger[]; removedTriggers: string[] } | undefined;

  constructor(private readonly book: BalanceBook) {}

  balance(key: BalanceKey): Balance {
    const id = keyOf(key);
    return this.staged.get(id) ?? this.book.get(id);
  }

  /**
   * Every balance as the book holds it (read only): for a command that takes a picture of all of
   * them. Such a command runs alone in its batch (`exclusiveCommandKinds`), so nothing is staged.
   */
  everyBalance(): IterableIterator<[string, Balance]> {
    return this.book.entries();
  }

  /** Applies a change; refuses `insufficient balance` if available or locked would go negative. */
  move(movement: Movement): void {
    const deltaAvailable = movement.available ?? 0n;
    const deltaLocked = movement.locked ?? 0n;
    if (deltaAvailable === 0n && deltaLocked === 0n) return;
    const current = this.balance(movement);
    const next = { available: current.available + deltaAvailable, locked: current.locked + deltaLocked };
    if (next.available < 0n || next.locked < 0n) refuse('insufficient balance');
    // a balance or a ledger delta no NUMERIC(38,18) column holds would fail the whole batch's write
    if (!fitsColumn(next.available) || !fitsColumn(next.locked) || !fitsColumn(deltaAvailable) || !fitsColumn(deltaLocked)) refuse('parameter error');
    this.staged.set(keyOf(movement), next);
    this.entries.push({
      userId: movement.userId,
      currencyId: movement.currencyId,
      wallet: movement.wallet,
      deltaAvailable,
      deltaLocked,
      reason: movement.reason,
      reference: movement.reference ?? '',
    });
  }

  /** Stages a row of `table` for the batch write (a keyed row replaces the one staged before it). */
  stage<Row>(table: CoreTable<Row>, row: Row): void {
    // the last line of defence (kinds refuse such values before they change anything): a fault,
    // so the command is dropped and memory reloaded, rather than a batch write every command fails
    if (!everyAmountFits(row)) throw new Error(`${table.name}: a value does not fit NUMERIC(38,18)`);
    this.rows ??= new Map();
    const generic = table as CoreTable<unknown>;
    let rows = this.rows.get(generic);
    if (rows === undefined) {
      rows = table.key ? new Map() : [];
      this.rows.set(generic, rows);
    }
    if (Array.isArray(rows)) rows.push(row);
    else rows.set((table.key as (row: Row) => number | string)(row), row);
  }

  /** The rows of `table` this command staged so far. */
  staging<Row>(table: CoreTable<Row>): Iterable<Row> {
    const rows = this.rows?.get(table as CoreTable<unknown>);
    if (rows === undefined) return [];
    return (Array.isArray(rows) ? rows : rows.values()) as Iterable<Row>;
  }

  /** Every table's staged rows, for the batch collector. */
  stagedTables(): Iterable<[CoreTable<unknown>, StagedRows]> {
    return this.rows?.entries() ?? [];
  }

  /** Schedules a deadline once the command is durable. */
  addDeadline(deadline: Deadline): void {
    this.scheduled().deadlines.push(deadline);
  }

  /** Registers a price trigger once the command is durable. */
  addTrigger(trigger: PriceTrigger): void {
    this.scheduled().triggers.push(trigger);
  }

  /** Registers a last-trade trigger (a stop order) once the command is durable. */
  addLastTradeTrigger(trigger: LastTradeTrigger): void {
    this.scheduled().lastTradeTriggers.push(trigger);
  }

  /** Removes a price or last-trade trigger (by key) once the command is durable. */
  removeTrigger(key: string): void {
    this.scheduled().removedTriggers.push(key);
  }

  /** Writes the staged balances into the book; answers the keys it touched. */
  commit(): string[] {
    for (const [key, balance] of this.staged) this.book.set(key, balance);
    return [...this.staged.keys()];
  }

  private scheduled() {
    return (this.schedule ??= { deadlines: [], triggers: [], lastTradeTriggers: [], removedTriggers: [] });
  }
}
