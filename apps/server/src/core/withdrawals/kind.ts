import type { CoreKind } from '../kind';
import { indexPricesKind } from '../index-prices/kind';
import { spotKind } from '../spot/kind';
import { WithdrawalBook, type WithdrawalCommand } from './book';
import { WITHDRAWALS } from './repository';

/** Withdrawals: applications freeze their amount, reviews settle or refund it. */
export const withdrawalsKind: CoreKind<WithdrawalCommand, WithdrawalBook> = {
  name: 'withdrawals',
  commandKinds: ['withdraw_apply', 'withdraw_review'],
  tables: [WITHDRAWALS],
  // `withdrawals` keeps its foreign keys: nothing for the audit to add
  orphanChecks: [],
  // withdrawals are valued in USDT at the index (else the last trade), read while applying
  create: (kinds) => new WithdrawalBook(() => ({ spot: kinds.stateOf(spotKind), index: kinds.stateOf(indexPricesKind) })),
};
