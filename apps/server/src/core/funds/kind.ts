import type { Atoms } from '../amount';
import type { CommandContext } from '../command-context';
import type { CommandResult, CoreKind, KindState } from '../kind';
import { refuse } from '../refusal';
import type { Wallet } from '../wallets';

/** An audited operator adjustment (or a seeded grant): money enters or leaves the platform. */
export interface AdjustCommand {
  kind: 'adjust';
  key: string;
  userId: number;
  currencyId: number;
  wallet: Wallet;
  amount: Atoms;
  reason: 'adjustment' | 'deposit' | 'withdrawal';
  reference: string;
}

/** Moves available funds between two wallets of one user. */
export interface TransferCommand {
  kind: 'transfer';
  key: string;
  userId: number;
  currencyId: number;
  from: Wallet;
  to: Wallet;
  amount: Atoms;
}

export type FundsCommand = AdjustCommand | TransferCommand;

/** Funds moved by themselves: they change only balances, which the core holds, so nothing to load. */
class Funds implements KindState<FundsCommand, null> {
  async load(): Promise<null> {
    return null;
  }

  reset(): void {}

  apply(command: FundsCommand, context: CommandContext): CommandResult {
    if (command.kind === 'adjust') {
      if (command.amount === 0n) refuse('amount must be greater than zero');
      context.move({
        userId: command.userId,
        currencyId: command.currencyId,
        wallet: command.wallet,
        available: command.amount,
        reason: command.reason,
        reference: command.reference,
      });
      return { applied: true };
    }
    if (command.amount <= 0n) refuse('amount must be greater than zero');
    if (command.from === command.to) refuse('cannot transfer to the same wallet');
    const side = { userId: command.userId, currencyId: command.currencyId, reason: 'transfer', reference: command.key };
    context.move({ ...side, wallet: command.from, available: -command.amount });
    context.move({ ...side, wallet: command.to, available: command.amount });
    return { applied: true };
  }
}

/** Adjustments and transfers between a user's wallets. */
export const fundsKind: CoreKind<FundsCommand> = {
  name: 'funds',
  commandKinds: ['adjust', 'transfer'],
  tables: [],
  orphanChecks: [],
  create: () => new Funds(),
};
