import type { EventEmitter } from 'node:events';
import type { OrderState as C2cOrderState } from './c2c/state';
import type { LeverTrade } from './lever/state';
import type { LeverPairSettings } from './lever/settings';
import type { PairColumns } from './spot/pair-columns';
import type { SpotOrderState, SpotTradeRecord } from './spot/state';
import type { WithdrawalState } from './withdrawals/state';
import type { MicroContract } from './micro/state';
import type { SubscriptionState } from './subscriptions/state';
import type { AcceptorDealState } from './acceptors/state';
import type { IndexTick } from './index-prices/state';
import type { LiabilitySnapshot } from './liabilities/state';

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
  /** c2c orders taken or moved on by the batch (their final state) */
  c2cOrders: [orders: C2cOrderState[]];
  /** second contracts opened or settled by the batch (their final state) */
  micro: [contracts: MicroContract[]];
  /** token subscriptions opened or moved on by the batch (their final state) */
  subscriptions: [subscriptions: SubscriptionState[]];
  /** acceptor deals opened or moved on by the batch (their final state) */
  acceptorDeals: [deals: AcceptorDealState[]];
  /** lever orders and positions placed or changed by the batch (their final state) */
  lever: [trades: LeverTrade[]];
  /** lever settings of pairs an operator changed */
  leverSettings: [pairs: LeverPairSettings[]];
  /** index ticks the batch recorded, in order (each with the mark made at it) */
  indexTicks: [ticks: IndexTick[]];
  /** what the batch changed of pairs' `currency_pairs` rows (spot settings, lever columns), one per pair */
  pairs: [changes: PairColumns[]];
  /** snapshots of every balance taken by the batch (a snapshot runs alone in its batch) */
  liabilities: [snapshots: LiabilitySnapshot[]];
}

export type CoreEventEmitter = EventEmitter<CoreEvents>;
