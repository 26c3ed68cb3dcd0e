import { refuse } from './refusal';
import type { Atoms } from './amount';
import type { CommandContext } from './command-context';
import type { Wallet } from './wallets';
import type { PlaceSpotOrder, SpotMarkets } from './spot/markets';
import type { ApplyWithdrawal, ReviewWithdrawal, WithdrawalBook } from './withdrawals/book';

/**
 * Every command the core applies. Each names an idempotency key: the same key applied twice
 * changes nothing the second time.
 */
export type CoreCommand =
  | AdjustCommand
  | TransferCommand
  | SpotPlaceCommand
  | SpotCancelCommand
  | WithdrawApplyCommand
  | WithdrawReviewCommand;

/** Freezes a withdrawal's amount and opens it for review. */
export interface WithdrawApplyCommand extends ApplyWithdrawal {
  kind: 'withdraw_apply';
  key: string;
}

/** An operator's (or the chain's) decision on an open withdrawal. */
export interface WithdrawReviewCommand extends ReviewWithdrawal {
  kind: 'withdraw_review';
  key: string;
}

export interface SpotPlaceCommand extends PlaceSpotOrder {
  kind: 'spot_place';
  key: string;
}

export interface SpotCancelCommand {
  kind: 'spot_cancel';
  key: string;
  userId: number;
  orderId: number;
}

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

export type CommandResult = { applied: true; orderId?: number; withdrawalId?: number } | { applied: false; duplicate: true };

export interface CommandEnvironment {
  spot: SpotMarkets;
  withdrawals: WithdrawalBook;
  now: Date;
}

export function applyCommand(command: CoreCommand, context: CommandContext, environment: CommandEnvironment): CommandResult {
  switch (command.kind) {
    case 'spot_place':
      return { applied: true, orderId: environment.spot.place(command, context, environment.now).id };
    case 'spot_cancel':
      environment.spot.cancel(command.userId, command.orderId, context, environment.now);
      return { applied: true, orderId: command.orderId };
    case 'withdraw_apply':
      return { applied: true, withdrawalId: environment.withdrawals.apply(command, context, environment.now).id };
    case 'withdraw_review':
      return { applied: true, withdrawalId: environment.withdrawals.review(command, context, environment.now).id };
    case 'adjust':
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
    case 'transfer': {
      if (command.amount <= 0n) refuse('amount must be greater than zero');
      if (command.from === command.to) refuse('cannot transfer to the same wallet');
      const side = { userId: command.userId, currencyId: command.currencyId, reason: 'transfer', reference: command.key };
      context.move({ ...side, wallet: command.from, available: -command.amount });
      context.move({ ...side, wallet: command.to, available: command.amount });
      return { applied: true };
    }
  }
}

export type { Atoms };
