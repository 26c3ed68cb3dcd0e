import type { CoreKind } from '../kind';
import { C2cBook, type C2cCommand } from './book';
import { C2C_ADS, C2C_ESCROW_CHECKS, C2C_ORDERS, C2C_ORPHAN_CHECKS } from './repository';

/** Peer-to-peer fiat trading: ads, their orders, and the coins held in escrow for them. */
export const c2cKind: CoreKind<C2cCommand, C2cBook> = {
  name: 'c2c',
  commandKinds: ['c2c_publish', 'c2c_withdraw', 'c2c_take', 'c2c_cancel', 'c2c_pay', 'c2c_release', 'c2c_expire', 'c2c_appeal', 'c2c_resolve'],
  tables: [C2C_ADS, C2C_ORDERS],
  orphanChecks: C2C_ORPHAN_CHECKS,
  escrowChecks: C2C_ESCROW_CHECKS,
  create: () => new C2cBook(),
};
