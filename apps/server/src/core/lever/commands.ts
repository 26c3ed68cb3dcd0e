import type { Atoms } from '../amount';
import type { TriggerFiring } from '../kind';
import type { LeverPairSettings } from './settings';
import type { LeverSide } from './state';
import type { Wallet } from '../wallets';

/** Opens a position at the mark (market) or places a pending limit order that opens when the mark reaches its target. */
export interface LeverOpenCommand {
  kind: 'lever_open';
  key: string;
  userId: number;
  pairId: number;
  type: LeverSide;
  mode: 'market' | 'limit';
  multiple: number;
  hands: number;
  targetPrice?: Atoms;
}

/** A pending order's target was reached (a price trigger). */
export interface LeverFillCommand {
  kind: 'lever_fill';
  key: string;
  tradeId: number;
  firing: TriggerFiring;
}

/** Revokes a pending order: its margin and fee come back exactly. */
export interface LeverCancelCommand {
  kind: 'lever_cancel';
  key: string;
  userId: number;
  tradeId: number;
}

/** Closes one held position at the mark. */
export interface LeverCloseCommand {
  kind: 'lever_close';
  key: string;
  userId: number;
  tradeId: number;
}

/** Closes every held position of the user: 0 all, 1 longs, 2 shorts. */
export interface LeverBatchCloseCommand {
  kind: 'lever_batch_close';
  key: string;
  userId: number;
  side: 0 | 1 | 2;
}

/** Sets (or clears, with null) a held position's take-profit and stop-loss. */
export interface LeverSetStopCommand {
  kind: 'lever_setstop';
  key: string;
  userId: number;
  tradeId: number;
  takeProfit: Atoms | null;
  stopLoss: Atoms | null;
}

/** A take-profit or stop-loss level was reached (a price trigger). */
export interface LeverStopCommand {
  kind: 'lever_stop';
  key: string;
  tradeId: number;
  which: 'take_profit' | 'stop_loss';
  version: number;
  firing: TriggerFiring;
}

/** A risk level of a user and quote currency was reached: evaluate, liquidate or watch again. */
export interface LeverRiskCommand {
  kind: 'lever_risk';
  key: string;
  userId: number;
  legalId: number;
  version: number;
  firing: TriggerFiring;
}

/** The overnight fee of one day (a deadline). */
export interface LeverOvernightCommand {
  kind: 'lever_overnight';
  key: string;
  day: number;
  version: number;
}

/** An operator's change of a pair's lever settings. */
export interface LeverPairSettingsCommand {
  kind: 'lever_pair_settings';
  key: string;
  pairId: number;
  changes: Partial<Omit<LeverPairSettings, 'pairId' | 'legalId' | 'currencyId' | 'symbol'>>;
}

/** An operator's change of the liquidation rate or the overnight time. */
export interface LeverGlobalSettingsCommand {
  kind: 'lever_global_settings';
  key: string;
  liquidationRate?: Atoms;
  overnightTime?: string;
}

/** A transfer out of the lever wallet: refused while the user holds lever positions or pending orders. */
export interface LeverTransferOutCommand {
  kind: 'lever_transfer_out';
  key: string;
  userId: number;
  currencyId: number;
  to: Wallet;
  amount: Atoms;
}

export type LeverCommand =
  | LeverOpenCommand
  | LeverFillCommand
  | LeverCancelCommand
  | LeverCloseCommand
  | LeverBatchCloseCommand
  | LeverSetStopCommand
  | LeverStopCommand
  | LeverRiskCommand
  | LeverOvernightCommand
  | LeverPairSettingsCommand
  | LeverGlobalSettingsCommand
  | LeverTransferOutCommand;

export const LEVER_COMMAND_KINDS: readonly LeverCommand['kind'][] = [
  'lever_open',
  'lever_fill',
  'lever_cancel',
  'lever_close',
  'lever_batch_close',
  'lever_setstop',
  'lever_stop',
  'lever_risk',
  'lever_overnight',
  'lever_pair_settings',
  'lever_global_settings',
  'lever_transfer_out',
];
