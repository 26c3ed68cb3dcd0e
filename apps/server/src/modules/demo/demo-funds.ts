import { parseAmount } from '../../core/amount';
import type { Core } from '../../core/core';
import type { Wallet } from '../../core/wallets';
import { shanghaiDay } from '../../core/withdrawals/state';
import { DEMO_USERS } from '../../db/seed/demo-users';
import type { Clock } from '../../lib/time';
import type { UserRepository } from '../users/repository';
import type { WalletRepository } from '../wallets/repository';

/** What each demo account is given once: enough USDT in every wallet to try every product. */
export const DEMO_GRANT: readonly { wallet: Wallet; amount: string }[] = [
  { wallet: 'change', amount: '10000' },
  { wallet: 'lever', amount: '10000' },
  { wallet: 'micro', amount: '10000' },
  { wallet: 'legal', amount: '10000' },
];

/** Below this in a wallet, the shared guest account is topped up to its grant again (once a day). */
export const GUEST_TOP_UP_BELOW = parseAmount('1000');

/**
 * USDT for the shared guest account and the demo accounts of a development install (DEMO_FUNDS),
 * so a visitor who logs in as a guest can place an order at once. Every grant is an audited core
 * adjustment under a fixed key, so it applies once whatever the number of restarts or concurrent
 * logins. The granted USDT trades on the same books as everyone's: a real-money install leaves
 * this off (the default outside development).
 */
export class DemoFunds {
  constructor(
    private readonly core: Core,
    private readonly users: UserRepository,
    private readonly wallets: WalletRepository,
    private readonly clock: Clock,
  ) {}

  /** The first grant of every demo account; answers how many grants applied now. */
  async grantOnce(): Promise<number> {
    const usdt = await this.usdt();
    if (usdt === undefined) return 0;
    const accounts = [await this.users.findGuestAccount(), ...(await Promise.all(DEMO_USERS.map((demo) => this.users.findByAccount(demo.account))))];
    let granted = 0;
    for (const account of accounts) {
      if (!account) continue;
      for (const { wallet, amount } of DEMO_GRANT) {
        if (await this.adjust(`demo-funds:v1:${account.id}:${usdt}:${wallet}`, account.id, usdt, wallet, parseAmount(amount))) granted += 1;
      }
    }
    return granted;
  }

  /**
   * The guest account is shared: what one visitor locks in orders or trades away, the next one
   * lacks. At a guest login, a wallet below GUEST_TOP_UP_BELOW is brought back to its grant, at
   * most once a day (Asia/Shanghai) per wallet.
   */
  async topUpGuest(guestId: number): Promise<number> {
    const usdt = await this.usdt();
    if (usdt === undefined) return 0;
    const day = shanghaiDay(this.clock());
    let toppedUp = 0;
    for (const { wallet, amount } of DEMO_GRANT) {
      const available = this.core.read.balance({ userId: guestId, currencyId: usdt, wallet }).available;
      if (available >= GUEST_TOP_UP_BELOW) continue;
      const missing = parseAmount(amount) - available;
      if (await this.adjust(`demo-funds:v1:top-up:${guestId}:${usdt}:${wallet}:${day}`, guestId, usdt, wallet, missing)) toppedUp += 1;
    }
    return toppedUp;
  }

  /**
   * The counterparties of leveraged trading: the house pays profits and the insurance fund covers
   * losses beyond what a user holds. A development install gives them USDT in their lever wallet
   * once, so demo positions can be closed at a profit.
   */
  async fundLeverCounterparties(): Promise<number> {
    const usdt = await this.usdt();
    if (usdt === undefined) return 0;
    let granted = 0;
    for (const [kind, amount] of [
      ['house', '1000000'],
      ['insurance', '100000'],
    ] as const) {
      const account = await this.users.findSystemAccount(kind);
      if (!account) continue;
      const key = `demo-funds:v1:lever-${kind}:${account.id}:${usdt}`;
      const result = await this.core.execute({ kind: 'adjust', key, userId: account.id, currencyId: usdt, wallet: 'lever', amount: parseAmount(amount), reason: 'adjustment', reference: 'demo lever counterparties' });
      if (result.applied) granted += 1;
    }
    return granted;
  }

  private async usdt(): Promise<number | undefined> {
    return [...(await this.wallets.names())].find(([, name]) => name === 'USDT')?.[0];
  }

  private async adjust(key: string, userId: number, currencyId: number, wallet: Wallet, amount: bigint): Promise<boolean> {
    const result = await this.core.execute({ kind: 'adjust', key, userId, currencyId, wallet, amount, reason: 'adjustment', reference: 'demo funds' });
    return result.applied;
  }
}
