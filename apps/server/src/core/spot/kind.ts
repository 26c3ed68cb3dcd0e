import type { CoreKind } from '../kind';
import { SpotMarkets, type SpotCommand } from './markets';
import { CURRENCY_PAIRS } from './pair-columns';
import { SPOT_ORDERS, SPOT_ORPHAN_CHECKS, SPOT_TRADES } from './repository';

/** Spot trading: one book per pair, placing and cancelling orders, and each pair's settings. */
export const spotKind: CoreKind<SpotCommand, SpotMarkets> = {
  name: 'spot',
  commandKinds: ['spot_place', 'spot_cancel', 'spot_stop_fire', 'spot_pair_settings'],
  // trades before orders: listeners hear of a batch's trades first; currency_pairs takes the lever kind's changes too
  tables: [SPOT_TRADES, SPOT_ORDERS, CURRENCY_PAIRS],
  orphanChecks: SPOT_ORPHAN_CHECKS,
  create: () => new SpotMarkets(),
};
