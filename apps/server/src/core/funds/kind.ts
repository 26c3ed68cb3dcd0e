import type { Atoms } from '../amount';
import type { CommandContext } from '../command-context';
import type { CommandResult, CoreKind, CoreTable, KindState } from '../kind';
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
  /**
   * A deposit request this credit confirms: its status is written in the same batch as the
   * credit, so a credited deposit never shows pending, whatever stops the process.
   */
  deposit?: DepositDecision;
}

/** The confirmation of a pending deposit request (`deposit_requests`), written with its credit. */
export interface DepositDecision {
  requestId: number;
  reviewerId: number | null;
  /** decimal text of the amount credited */
  creditedAmount: string;
  /** ISO time of the decision */
  at: string;
}

/** Confirms pending deposit requests; a request decided already keeps its decision. */
export const DEPOSIT_DECISIONS: CoreTable<DepositDecision> = {
  name: 'deposit_requests',
  key: (decision) => decision.requestId,
  statement(source, decisions) {
    const rows = decisions.map((d) => ({ id: d.requestId, r: d.reviewerId, a: d.creditedAmount, t: d.at }));
    return `update deposit_requests d set status = 1, reviewer_id = t.r, review_note = '', credited_amount = t.a, reviewed_at = t.t
      from ${source(rows, 'id bigint, r int, a numeric, t timestamptz')} where d.id = t.id and d.status = 0`;
  },
};

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
      if (command.deposit) context.stage(DEPOSIT_DECISIONS, command.deposit);
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
  tables: [DEPOSIT_DECISIONS as CoreTable<unknown>],
  orphanChecks: [],
  create: () => new Funds(),
};
