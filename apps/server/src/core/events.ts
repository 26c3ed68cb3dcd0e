import type { EventEmitter } from 'node:events';
import type { SpotOrderState, SpotTradeRecord } from './spot/state';
import type { WithdrawalState } from './withdrawals/state';
import type { SubscriptionState } from './subscriptions/state';
import type { AcceptorDealState } from './acceptors/state';

/** Events the core publishes after a batch is durable. */
export interface CoreEvents {
  /** the users whose balances changed, once per batch */
  balances: [userIds: number[]];
  /** the spot trades of the batch, in order */
  trades: [trades: SpotTradeRecord[]];
  /** spot orders created or changed by the batch (their final state) */
  orders: [orders: SpotOrderState[]];
  /** withdrawals opened or moved on by the batch (their final state) */
  withdrawals: [withdrawals: WithdrawalState[]];
  /** token subscriptions opened or moved on by the batch (their final state) */
  subscriptions: [subscriptions: SubscriptionState[]];
  /** acceptor deals opened or moved on by the batch (their final state) */
  acceptorDeals: [deals: AcceptorDealState[]];
}

export type CoreEventEmitter = EventEmitter<CoreEvents>;
