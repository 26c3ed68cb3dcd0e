import { refuse } from './refusal';
import type { Atoms } from './amount';
import { keyOf, type Balance, type BalanceBook, type BalanceKey } from './balance-book';
import type { SpotOrderState, SpotTradeRecord } from './spot/state';
import type { WithdrawalState } from './withdrawals/state';

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

/**
 * What a command handler sees while it runs: the balances as earlier commands left them, and a
 * way to change them. Changes are staged; they reach the book only if the whole command succeeds,
 * so a refusal halfway leaves nothing behind.
 */
export class CommandContext {
  private readonly staged = new Map<string, Balance>();
  readonly entries: LedgerEntry[] = [];
  /** spot orders this command created or changed, and the trades it made */
  readonly orders = new Map<number, SpotOrderState>();
  readonly trades: SpotTradeRecord[] = [];
  /** withdrawals this command opened or moved on */
  readonly withdrawals = new Map<number, WithdrawalState>();

  constructor(private readonly book: BalanceBook) {}

  balance(key: BalanceKey): Balance {
    const id = keyOf(key);
    return this.staged.get(id) ?? this.book.get(id);
  }

  /** Applies a change; refuses `insufficient balance` if available or locked would go negative. */
  move(movement: Movement): void {
    const deltaAvailable = movement.available ?? 0n;
    const deltaLocked = movement.locked ?? 0n;
    if (deltaAvailable === 0n && deltaLocked === 0n) return;
    const current = this.balance(movement);
    const next = { available: current.available + deltaAvailable, locked: current.locked + deltaLocked };
    if (next.available < 0n || next.locked < 0n) refuse('insufficient balance');
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

  /** Writes the staged balances into the book; answers the keys it touched. */
  commit(): string[] {
    for (const [key, balance] of this.staged) this.book.set(key, balance);
    return [...this.staged.keys()];
  }
}
