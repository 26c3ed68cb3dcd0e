import { parseKey, type BalanceBook } from './balance-book';
import type { CommandContext } from './command-context';
import type { CoreCommandBase, CoreTable, Deadline, PriceTrigger } from './kind';
import type { ReplicatedCommand } from './replicated-batch';
import type { BatchWrite, TableRows } from './repository';
import type { LastTradeTrigger } from './triggers/last-trade-triggers';

/**
 * What one batch of commands changed, gathered as each command succeeds: the commands' keys,
 * their ledger entries in order, the balances they touched, every kind's staged rows (keyed rows
 * once each, in their final state) and the deadlines and triggers they scheduled.
 */
export class BatchCollector {
  private readonly commandKeys = new Set<string>();
  private readonly balanceKeys = new Set<string>();
  private readonly tables = new Map<CoreTable<unknown>, Map<number | string, unknown> | unknown[]>();
  private readonly write: Omit<BatchWrite, 'balances' | 'tables'> = { entries: [], commands: [] };
  readonly deadlines: Deadline[] = [];
  readonly triggers: PriceTrigger[] = [];
  readonly lastTradeTriggers: LastTradeTrigger[] = [];
  readonly removedTriggers: string[] = [];
  /** the commands that succeeded, in order, each with the time it was applied at */
  readonly applied: ReplicatedCommand[] = [];

  /** `order`: every registered table, in the order the batch statement writes them. */
  constructor(private readonly order: readonly CoreTable<unknown>[]) {}

  /** True when a command with this key is already in the batch. */
  holds(key: string): boolean {
    return this.commandKeys.has(key);
  }

  /** Takes in a command that succeeded (applied at `at`), after its context committed the balances it names. */
  add(command: CoreCommandBase, context: CommandContext, balanceKeys: readonly string[], at: Date): void {
    this.commandKeys.add(command.key);
    this.applied.push({ command, at });
    for (const key of balanceKeys) this.balanceKeys.add(key);
    this.write.commands.push({ key: command.key, kind: command.kind });
    context.entries.forEach((entry, index) => this.write.entries.push({ ...entry, idempotencyKey: `${command.key}#${index}` }));
    for (const [table, staged] of context.stagedTables()) {
      let rows = this.tables.get(table);
      if (rows === undefined) {
        rows = Array.isArray(staged) ? [] : new Map();
        this.tables.set(table, rows);
      }
      if (Array.isArray(rows)) rows.push(...(staged as unknown[]));
      else for (const [key, row] of staged as Map<number | string, unknown>) rows.set(key, row);
    }
    const schedule = context.schedule;
    if (schedule) {
      this.deadlines.push(...schedule.deadlines);
      this.triggers.push(...schedule.triggers);
      this.lastTradeTriggers.push(...schedule.lastTradeTriggers);
      this.removedTriggers.push(...schedule.removedTriggers);
    }
  }

  /** The rows to write: every touched balance as the book holds it now, each table's rows (snapshots). */
  rows(book: BalanceBook): BatchWrite {
    const tables: TableRows[] = [];
    for (const table of this.order) {
      const staged = this.tables.get(table);
      if (staged === undefined) continue;
      const rows = Array.isArray(staged) ? staged : [...staged.values()];
      tables.push({ table, rows: table.snapshot ? rows.map((row) => table.snapshot!(row)) : rows });
    }
    return {
      ...this.write,
      balances: [...this.balanceKeys].map((key) => ({ ...parseKey(key), ...book.get(key) })),
      tables,
    };
  }

  /** The keys of the batch's commands, to remember once the batch is durable. */
  keys(): ReadonlySet<string> {
    return this.commandKeys;
  }

  /** The users whose balances the batch changed, once each. */
  users(): number[] {
    return [...new Set([...this.balanceKeys].map((key) => parseKey(key).userId))];
  }
}
