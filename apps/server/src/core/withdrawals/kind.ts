import type { CoreKind } from '../kind';
import { WithdrawalBook, type WithdrawalCommand } from './book';
import { WITHDRAWALS } from './repository';

/** Withdrawals: applications freeze their amount, reviews settle or refund it. */
export const withdrawalsKind: CoreKind<WithdrawalCommand, WithdrawalBook> = {
  name: 'withdrawals',
  commandKinds: ['withdraw_apply', 'withdraw_review'],
  tables: [WITHDRAWALS],
  // `withdrawals` keeps its foreign keys: nothing for the audit to add
  orphanChecks: [],
  create: () => new WithdrawalBook(),
};
