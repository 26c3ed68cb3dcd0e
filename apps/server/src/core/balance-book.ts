import type { Atoms } from './amount';
import type { Wallet } from './wallets';

export interface Balance {
  available: Atoms;
  locked: Atoms;
}

export interface BalanceKey {
  userId: number;
  currencyId: number;
  wallet: Wallet;
}

export const keyOf = (key: BalanceKey) => `${key.userId}:${key.currencyId}:${key.wallet}`;

export function parseKey(text: string): BalanceKey {
  const [userId, currencyId, wallet] = text.split(':');
  return { userId: Number(userId), currencyId: Number(currencyId), wallet: wallet as Wallet };
}

const ZERO: Balance = Object.freeze({ available: 0n, locked: 0n });

/** Every balance, in memory: the core's state. Absent means zero. */
export class BalanceBook {
  private readonly balances = new Map<string, Balance>();

  get(key: string): Balance {
    return this.balances.get(key) ?? ZERO;
  }

  set(key: string, balance: Balance): void {
    this.balances.set(key, balance);
  }

  clear(): void {
    this.balances.clear();
  }

  entries(): IterableIterator<[string, Balance]> {
    return this.balances.entries();
  }
}
