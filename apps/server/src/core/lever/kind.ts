import type { CoreKind } from '../kind';
import { spotKind } from '../spot/kind';
import { recomputeLever } from './audit';
import { LeverBook } from './book';
import { LEVER_COMMAND_KINDS, type LeverCommand } from './commands';
import {
  LEVER_GLOBAL_SETTINGS,
  LEVER_LIQUIDATIONS,
  LEVER_ORPHAN_CHECKS,
  LEVER_OVERNIGHT_CHARGES,
  LEVER_OVERNIGHT_DAYS,
  LEVER_PAIR_SETTINGS,
  LEVER_RISK_WATCH,
  LEVER_TRADES,
} from './repository';

/** Leveraged trading: positions, pending limit orders, take-profit, stop-loss, liquidation, overnight fee. */
export const leverKind: CoreKind<LeverCommand, LeverBook> = {
  name: 'lever',
  commandKinds: LEVER_COMMAND_KINDS,
  tables: [LEVER_TRADES, LEVER_OVERNIGHT_DAYS, LEVER_OVERNIGHT_CHARGES, LEVER_LIQUIDATIONS, LEVER_RISK_WATCH, LEVER_PAIR_SETTINGS, LEVER_GLOBAL_SETTINGS],
  orphanChecks: LEVER_ORPHAN_CHECKS,
  // whether a pair is shown and its price precision are the spot pair's
  create: (kinds) => new LeverBook((pairId) => kinds.stateOf(spotKind).pairs.get(pairId)),
  recompute: recomputeLever,
};
