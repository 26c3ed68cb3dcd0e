import type { Atoms } from '../amount';

/** 1 locked, 2 unlockable (its unlock time has passed), 3 completed (unlocked into the change wallet). */
export type SubscriptionStatus = 1 | 2 | 3;

export const SUBSCRIPTION_STATUS = { locked: 1, unlockable: 2, completed: 3 } as const;

/** A subscription as the core keeps it while it is open, and as the batch writes it. */
export interface SubscriptionState {
  id: number;
  userId: number;
  projectId: number;
  /** the token subscribed to */
  currencyId: number;
  /** the currency paid (USDT) */
  payCurrencyId: number;
  /** what the user paid, in the pay currency */
  paid: Atoms;
  /** the project's price per token when subscribed, in the pay currency */
  price: Atoms;
  /** the tokens: locked in the change wallet until unlocked */
  amount: Atoms;
  status: SubscriptionStatus;
  unlockAt: Date;
  createdAt: Date;
  updatedAt: Date;
}
