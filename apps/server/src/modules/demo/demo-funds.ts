import { parseAmount } from '../../core/amount';
import type { Core } from '../../core/core';
import type { Wallet } from '../../core/wallets';
import { DEMO_USERS } from '../../db/seed/demo-users';
import type { UserRepository } from '../users/repository';
import type { WalletRepository } from '../wallets/repository';

/** What each demo account is given once: enough USDT in every wallet to try every product. */
export const DEMO_GRANT: readonly { wallet: Wallet; amount: string }[] = [
  { wallet: 'change', amount: '10000' },
  { wallet: 'lever', amount: '10000' },
  { wallet: 'micro', amount: '10000' },
  { wallet: 'legal', amount: '10000' },
];

/**
 * Funds the shared guest account and the demo accounts of a development install (DEMO_FUNDS), so
 * a visitor who logs in as a guest can place an order at once. Each grant is an audited core
 * adjustment under a fixed key: applied once per database, whatever the number of restarts. The
 * granted USDT trades on the same books as everyone's, so a real-money install leaves this off
 * (the default outside development).
 */
export async function grantDemoFunds(core: Core, users: UserRepository, wallets: WalletRepository): Promise<number> {
  const usdt = [...(await wallets.names())].find(([, name]) => name === 'USDT')?.[0];
  if (usdt === undefined) return 0;
  const accounts = [await users.findGuestAccount(), ...(await Promise.all(DEMO_USERS.map((demo) => users.findByAccount(demo.account))))];
  let granted = 0;
  for (const account of accounts) {
    if (!account) continue;
    for (const { wallet, amount } of DEMO_GRANT) {
      const result = await core.execute({
        kind: 'adjust',
        key: `demo-funds:v1:${account.id}:${usdt}:${wallet}`,
        userId: account.id,
        currencyId: usdt,
        wallet,
        amount: parseAmount(amount),
        reason: 'adjustment',
        reference: 'demo funds',
      });
      if (result.applied) granted += 1;
    }
  }
  return granted;
}
