import type { CoreKind } from '../kind';
import { LiabilitiesBook, type LiabilitiesCommand } from './book';
import { LIABILITY_RECOMPUTE_CHECKS, LIABILITY_SNAPSHOTS } from './repository';

/**
 * Proof of liabilities: snapshots of every balance at a batch boundary (docs/proof-of-liabilities.md).
 * A snapshot runs alone in its batch, so it sees exactly what earlier batches made durable.
 */
export const liabilitiesKind: CoreKind<LiabilitiesCommand, LiabilitiesBook> = {
  name: 'liabilities',
  commandKinds: ['liabilities_snapshot'],
  exclusiveCommandKinds: ['liabilities_snapshot'],
  tables: [LIABILITY_SNAPSHOTS],
  // snapshot rows name operators only, and keep their foreign keys
  orphanChecks: [],
  recomputeChecks: LIABILITY_RECOMPUTE_CHECKS,
  create: () => new LiabilitiesBook(),
};
