import type { CoreKind } from '../kind';
import { MicroBook, type MicroCommand } from './book';
import { MICRO_ORDERS, MICRO_ORPHAN_CHECKS, MICRO_RECOMPUTE_CHECKS, MICRO_SETTLEMENTS } from './repository';

/** Second contracts: opened at the pair's mark, settled at its last trade at or before the expiry. */
export const microKind: CoreKind<MicroCommand, MicroBook> = {
  name: 'micro',
  commandKinds: ['micro_open', 'micro_settle'],
  tables: [MICRO_ORDERS, MICRO_SETTLEMENTS],
  orphanChecks: MICRO_ORPHAN_CHECKS,
  recomputeChecks: MICRO_RECOMPUTE_CHECKS,
  create: (kinds) => new MicroBook(kinds),
};
