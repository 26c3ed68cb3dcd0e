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

/**
 * The two-digit country calling codes (ITU-T E.164); of the others, 1 and 7 are one digit and
 * every other code is three. Calling codes are prefix-free, so this reads the code off a number.
 */
const TWO_DIGIT_CALLING_CODES = new Set(
  '20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98'.split(' '),
);

/** The national number of an E.164 phone number (`+8613812345678` → `13812345678`); undefined for anything else. */
export function nationalNumberOf(account: string): string | undefined {
  const digits = /^\+([1-9]\d{4,14})$/.exec(account)?.[1];
  if (!digits) return undefined;
  const codeLength = digits.startsWith('1') || digits.startsWith('7') ? 1 : TWO_DIGIT_CALLING_CODES.has(digits.slice(0, 2)) ? 2 : 3;
  return digits.slice(codeLength);
}

/**
 * Masks an account for display: a phone number → the first 3 and last 4 digits of its national
 * number (`+8613812345678` → `138****5678`); an e-mail → the first 3 of the local part.
 */
export function maskAccount(account: string): string {
  const at = account.indexOf('@');
  if (at > 0) return `${account.slice(0, Math.min(3, at))}****${account.slice(at)}`;
  const value = nationalNumberOf(account) ?? account;
  if (value.length <= 7) return value;
  return `${value.slice(0, 3)}****${value.slice(-4)}`;
}
