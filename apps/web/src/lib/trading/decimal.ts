import {
  SCALE,
  compareAtoms,
  divideAtoms,
  formatFixed,
  multiplyAtoms,
  percentOfAtoms,
  readDecimal,
} from '@tessera/protocol';

/**
 * Decimal text in, decimal text out, for money shown on screen. The exact arithmetic is the
 * protocol's (bigint atoms of 10^-18, shared with the server); results are cut toward zero to the
 * decimals asked for, never rounded and never computed with floats.
 */

export { SCALE };

/**
 * Parses decimal text (`12`, `12.5`, `.5`, `12.`, `+1.25`, `-0.4`) or a finite number into atoms;
 * `null` when it is not a number. Digits beyond 18 decimals are cut.
 */
export const toAtoms: (text: string | number | null | undefined) => bigint | null = readDecimal;

/** Atoms as decimal text with exactly `decimals` decimals, cut toward zero. */
export const fromAtoms: (atoms: bigint, decimals: number) => string = formatFixed;

/** Decimal text cut toward zero to `decimals` and padded; `fallback` when it is not a number. */
export function fixed(text: string | number | null | undefined, decimals: number, fallback = '--'): string {
  const atoms = readDecimal(text);
  return atoms === null ? fallback : formatFixed(atoms, decimals);
}

/** a × b, cut to `decimals`; `null` when either is not a number. */
export function mulFloor(a: string, b: string, decimals: number): string | null {
  const x = readDecimal(a);
  const y = readDecimal(b);
  if (x === null || y === null) return null;
  return formatFixed(multiplyAtoms(x, y), decimals);
}

/** a ÷ b, cut to `decimals`; `null` when either is not a number or b is zero. */
export function divFloor(a: string, b: string, decimals: number): string | null {
  const x = readDecimal(a);
  const y = readDecimal(b);
  const quotient = x === null || y === null ? null : divideAtoms(x, y);
  return quotient === null ? null : formatFixed(quotient, decimals);
}

/** a × percent ÷ 100 (percent a whole number, as the slider steps are), cut to `decimals`. */
export function percentFloor(a: string, percent: number, decimals: number): string | null {
  const x = readDecimal(a);
  const share = x === null ? null : percentOfAtoms(x, percent);
  return share === null ? null : formatFixed(share, decimals);
}

/** Compares two decimal texts; non-numbers count as zero. */
export function compare(a: string, b: string): -1 | 0 | 1 {
  return compareAtoms(readDecimal(a) ?? 0n, readDecimal(b) ?? 0n);
}

/** True when the text is a number above zero. */
export function isPositive(text: string | null | undefined): boolean {
  const atoms = readDecimal(text ?? null);
  return atoms !== null && atoms > 0n;
}

/** a − b, cut to `decimals`; `null` when either is not a number. */
export function subtract(a: string, b: string, decimals: number): string | null {
  const x = readDecimal(a);
  const y = readDecimal(b);
  if (x === null || y === null) return null;
  return formatFixed(x - y, decimals);
}
