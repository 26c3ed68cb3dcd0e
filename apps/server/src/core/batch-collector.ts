import { parseKey, type BalanceBook } from './balance-book';
import type { CommandContext } from './command-context';
import type { CoreCommand } from './commands';
import type { BatchWrite } from './repository';
import type { SpotOrderState } from './spot/state';
import type { WithdrawalState } from './withdrawals/state';

/**
 * What one batch of commands changed, gathered as each command succeeds: the commands' keys,
 * their ledger entries and trades in order, and the balances, orders and withdrawals they touched
 * (each written once, in its final state).
 */
export class BatchCollector {
  private readonly commandKeys = new Set<string>();
  private readonly balanceKeys = new Set<string>();
  private readonly orders = new Map<number, SpotOrderState>();
  private readonly withdrawals = new Map<number, WithdrawalState>();
  private readonly write: BatchWrite = { entries: [], balances: [], commands: [], orders: [], trades: [], withdrawals: [] };

  /** True when a command with this key is already in the batch. */
  holds(key: string): boolean {
    return this.commandKeys.has(key);
  }

  /** Takes in a command that succeeded, after its context committed the balances it names. */
  add(command: CoreCommand, context: CommandContext, balanceKeys: readonly string[]): void {
    this.commandKeys.add(command.key);
    for (const key of balanceKeys) this.balanceKeys.add(key);
    this.write.commands.push({ key: command.key, kind: command.kind });
    context.entries.forEach((entry, index) => this.write.entries.push({ ...entry, idempotencyKey: `${command.key}#${index}` }));
    for (const order of context.orders.values()) this.orders.set(order.id, order);
    for (const withdrawal of context.withdrawals.values()) this.withdrawals.set(withdrawal.id, withdrawal);
    this.write.trades.push(...context.trades);
  }

  /** The rows to write: every touched balance as the book holds it now, copies of the orders. */
  rows(book: BalanceBook): BatchWrite {
    return {
      ...this.write,
      balances: [...this.balanceKeys].map((key) => ({ ...parseKey(key), ...book.get(key) })),
      orders: [...this.orders.values()].map((order) => ({ ...order })),
      withdrawals: [...this.withdrawals.values()],
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
