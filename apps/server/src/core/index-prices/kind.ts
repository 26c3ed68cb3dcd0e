import type { CoreKind } from '../kind';
import { recomputeIndex } from './audit';
import { IndexBook, type IndexCommand } from './book';
import { INDEX_ORPHAN_CHECKS, INDEX_PAIRS, INDEX_ROUNDS } from './repository';

/** Index prices: each pair's price from outside its book, recorded tick by tick, and the guarded mark made at each tick. */
export const indexPricesKind: CoreKind<IndexCommand, IndexBook> = {
  name: 'index-prices',
  commandKinds: ['index_tick'],
  tables: [INDEX_ROUNDS, INDEX_PAIRS],
  orphanChecks: INDEX_ORPHAN_CHECKS,
  recompute: recomputeIndex,
  create: (kinds) => new IndexBook(kinds),
};
