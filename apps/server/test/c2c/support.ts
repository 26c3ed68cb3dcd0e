import { expect } from 'vitest';
import { formatAmount, parseAmount } from '../../src/core/amount';
import { registerUser } from '../support/accounts';
import type { apiClient } from '../support/client';
import { databaseFingerprint } from '../support/database-snapshot';
import type { TestApp } from '../support/test-app';

export type Api = ReturnType<typeof apiClient>;
export const USDT = 3;

export interface Trader {
  id: number;
  token: string;
  /** the trader's legal USDT balance, as decimal text */
  legal(): { available: string; locked: string };
}

export const CASH = { real_name: 'Li Lei', alipay_account: 'lilei@alipay.example', wechat_account: 'lilei_wx', bank_name: 'ICBC', bank_account: '6222020200112233445' };

let funding = 0;

/** Moves `amount` USDT into a user's legal wallet as a deposit would. */
export async function fundLegal(app: TestApp, userId: number, amount: string): Promise<void> {
  funding += 1;
  await app.core.execute({ kind: 'adjust', key: `c2c-fund:${userId}:${funding}:${Math.random()}`, userId, currencyId: USDT, wallet: 'legal', amount: parseAmount(amount), reason: 'deposit', reference: 'test' });
}

/** A registered user: identity verified and payment methods saved unless told otherwise, and legal USDT. */
export async function trader(
  app: TestApp,
  api: Api,
  account: string,
  options: { verified?: boolean; cash?: Record<string, string> | null; usdt?: string } = {},
): Promise<Trader> {
  const user = await registerUser(api, account);
  if (options.verified !== false) await app.db.query('update users set review_status = 2 where id = $1', [user.id]);
  const cash = options.cash === undefined ? CASH : options.cash;
  if (cash) expect((await api.post('user/cash_save', cash, { token: user.token })).body).toEqual({ type: 'ok', message: 'operation ok' });
  if (options.usdt) await fundLegal(app, user.id, options.usdt);
  return {
    ...user,
    legal() {
      const balance = app.core.read.balance({ userId: user.id, currencyId: USDT, wallet: 'legal' });
      return { available: formatAmount(balance.available), locked: formatAmount(balance.locked) };
    },
  };
}

/** The tables a c2c call may change: a refusal leaves them exactly as they were. */
export const C2C_TABLES = ['balances', 'ledger_entries', 'core_commands', 'c2c_ads', 'c2c_orders', 'user_cash_info'] as const;

/** Runs `call`, expects its refusal, and proves it changed nothing. */
export async function expectRefusal(app: TestApp, call: () => Promise<{ body: { type: string; message: unknown } }>, message: string, type = 'error') {
  const before = await databaseFingerprint(app.db, C2C_TABLES);
  const reply = await call();
  expect(reply.body).toEqual({ type, message });
  expect(await databaseFingerprint(app.db, C2C_TABLES)).toEqual(before);
}
