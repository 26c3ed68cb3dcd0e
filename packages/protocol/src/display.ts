import { formatFixed, parseDecimal } from './decimal';

/**
 * Display helpers shared by server and client. Amounts travel as decimal strings; balances are
 * shown floored, not rounded: cut toward zero to N decimals, exactly, never through a float.
 */

/** Decimal text (`-?digits[.digits]`) cut toward zero to `decimals` places and padded; a zero has no sign. */
export function floorDecimal(value: string, decimals: number): string {
  const atoms = parseDecimal(value);
  if (atoms === null) throw new RangeError(`not a decimal number: ${value}`);
  return formatFixed(atoms, decimals);
}

/** Masks an account for display: 11-digit phone → 3 + **** + 4; e-mail → first 3 of the local part. */
export function maskAccount(account: string): string {
  const at = account.indexOf('@');
  if (at > 0) return `${account.slice(0, Math.min(3, at))}****${account.slice(at)}`;
  if (account.length <= 7) return account;
  return `${account.slice(0, 3)}****${account.slice(-4)}`;
}
