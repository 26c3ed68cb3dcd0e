import type { EventEmitter } from 'node:events';
import type { LeverTrade } from './lever/state';
import type { LeverPairSettings } from './lever/settings';
import type { SpotOrderState, SpotTradeRecord } from './spot/state';
import type { WithdrawalState } from './withdrawals/state';

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
  /** lever orders and positions placed or changed by the batch (their final state) */
  lever: [trades: LeverTrade[]];
  /** lever settings of pairs an operator changed */
  leverSettings: [pairs: LeverPairSettings[]];
}

export type CoreEventEmitter = EventEmitter<CoreEvents>;
