import type { CoreKind } from '../kind';
import { SpotMarkets, type SpotCommand } from './markets';
import { SPOT_ORDERS, SPOT_ORPHAN_CHECKS, SPOT_TRADES } from './repository';

/** Spot trading: one book per pair, placing and cancelling orders. */
export const spotKind: CoreKind<SpotCommand, SpotMarkets> = {
  name: 'spot',
  commandKinds: ['spot_place', 'spot_cancel'],
  // trades before orders: listeners hear of a batch's trades first
  tables: [SPOT_TRADES, SPOT_ORDERS],
  orphanChecks: SPOT_ORPHAN_CHECKS,
  create: () => new SpotMarkets(),
};
