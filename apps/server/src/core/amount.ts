import { SCALE, formatDecimal, hasAtMostDecimals as fitsDecimals, parseDecimal } from '@tessera/protocol';

/**
 * Exact amounts: a bigint count of atoms, 10^-18 of a unit (the scale of every NUMERIC(38,18)
 * money column). Parsed from and formatted to decimal text; never a float. The arithmetic lives in
 * the protocol's decimal module, shared with the web app; these are the core's names for it.
 */
export type Atoms = bigint;

export { SCALE };

/** A NUMERIC(38,18) holds at most 20 digits before the point and 18 after. */
const COLUMN_LIMITS = { wholeDigits: 20, decimals: SCALE } as const;

export function parseAmount(text: string): Atoms {
  const atoms = parseDecimal(text, COLUMN_LIMITS);
  if (atoms === null) throw new RangeError(`not an amount: ${text}`);
  return atoms;
}

/** Like parseAmount, but undefined for text that is not an amount (for user input). */
export function tryParseAmount(text: string | undefined): Atoms | undefined {
  if (text === undefined) return undefined;
  return parseDecimal(text, COLUMN_LIMITS) ?? undefined;
}

/** Shortest exact decimal text: `1.5`, `0`, `-0.000000000000000001`. */
export const formatAmount: (atoms: Atoms) => string = formatDecimal;

/** True when the amount needs no more than `decimals` places (a currency's precision). */
export const hasAtMostDecimals: (atoms: Atoms, decimals: number) => boolean = fitsDecimals;

/** The largest magnitude a NUMERIC(38,18) column holds, in atoms (20 digits before the point, 18 after). */
export const COLUMN_MAX_ATOMS: Atoms = 10n ** 38n - 1n;

/** True when a NUMERIC(38,18) column holds the amount. */
export function fitsColumn(atoms: Atoms): boolean {
  return atoms <= COLUMN_MAX_ATOMS && atoms >= -COLUMN_MAX_ATOMS;
}

/**
 * True when every amount (bigint) in a value, its fields and their elements, fits a NUMERIC(38,18)
 * column: what a core command or a staged row may carry.
 */
export function everyAmountFits(value: unknown, depth = 0): boolean {
  if (typeof value === 'bigint') return fitsColumn(value);
  if (depth > 4 || value === null || typeof value !== 'object' || value instanceof Date) return true;
  const items: Iterable<unknown> = Array.isArray(value) ? value : value instanceof Map ? value.values() : Object.values(value);
  for (const item of items) if (!everyAmountFits(item, depth + 1)) return false;
  return true;
}
