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

/** Shortest exact decimal text: `1.5`, `0`, `-0.000000000000000001`. */
export function formatAmount(atoms: Atoms): string {
  const negative = atoms < 0n;
  const magnitude = negative ? -atoms : atoms;
  const whole = magnitude / UNIT;
  const fraction = (magnitude % UNIT).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** True when the amount needs no more than `decimals` places (a currency's precision). */
export function hasAtMostDecimals(atoms: Atoms, decimals: number): boolean {
  if (decimals >= SCALE) return true;
  return atoms % 10n ** BigInt(SCALE - decimals) === 0n;
}
