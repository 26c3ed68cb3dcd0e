/**
 * Exact amounts: a bigint count of atoms, 10^-18 of a unit (the scale of every NUMERIC(38,18)
 * money column). Parsed from and formatted to decimal text; never a float.
 */
export type Atoms = bigint;

export const SCALE = 18;
const UNIT = 10n ** BigInt(SCALE);
const DECIMAL = /^(-?)(\d{1,20})(?:\.(\d{1,18}))?$/;

export function parseAmount(text: string): Atoms {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`not an amount: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const atoms = BigInt(whole) * UNIT + BigInt(fraction.padEnd(SCALE, '0'));
  return sign === '-' ? -atoms : atoms;
}

/** Like parseAmount, but undefined for text that is not an amount (for user input). */
export function tryParseAmount(text: string | undefined): Atoms | undefined {
  if (text === undefined) return undefined;
  try {
    return parseAmount(text);
  } catch {
    return undefined;
  }
}

/**
 * Shortest exact decimal text: `1.5`, `0`, `-0.000000000000000001`. One bigint-to-text conversion
 * and string slicing: every batch write formats several amounts per command, and bigint division
 * and a regular expression cost twice as much.
 */
export function formatAmount(atoms: Atoms): string {
  const negative = atoms < 0n;
  const digits = (negative ? -atoms : atoms).toString();
  const sign = negative ? '-' : '';
  const split = digits.length - SCALE;
  const whole = split > 0 ? digits.slice(0, split) : '0';
  const fraction = split > 0 ? digits.slice(split) : digits.padStart(SCALE, '0');
  let end = SCALE;
  while (end > 0 && fraction.charCodeAt(end - 1) === 48 /* '0' */) end -= 1;
  return end === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction.slice(0, end)}`;
}

/** True when the amount needs no more than `decimals` places (a currency's precision). */
export function hasAtMostDecimals(atoms: Atoms, decimals: number): boolean {
  if (decimals >= SCALE) return true;
  return atoms % 10n ** BigInt(SCALE - decimals) === 0n;
}
