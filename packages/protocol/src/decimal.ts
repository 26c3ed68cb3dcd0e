/**
 * Exact decimal numbers for money, shared by server, web and the display helpers. Amounts travel
 * as decimal text; here they become a bigint count of atoms, 10^-18 of a unit (the scale of every
 * NUMERIC(38,18) money column), and go back to text without ever passing through a float.
 *
 * Rounding is explicit and always the same: whatever does not fit is cut toward zero (a balance
 * shown with 8 decimals never shows more than is held; -1.239 cut to 2 places is -1.23).
 */

/** Decimals an atom count keeps. */
export const SCALE = 18;
/** Atoms in one unit. */
export const UNIT = 10n ** BigInt(SCALE);

/** Powers of ten by exponent, so hot paths do not rebuild them. */
const POWERS: readonly bigint[] = Array.from({ length: SCALE + 1 }, (_, exponent) => 10n ** BigInt(exponent));
const pow10 = (exponent: number): bigint => POWERS[exponent] ?? 10n ** BigInt(exponent);

/** Wire shape: an optional minus, digits, and optionally a dot followed by digits. */
const WIRE = /^(-?)(\d+)(?:\.(\d+))?$/;
/** What a form field may hold: a sign, and digits on either side of an optional dot (`.5`, `12.`). */
const TYPED = /^([+-]?)(\d*)(?:\.(\d*))?$/;

export interface DecimalLimits {
  /** Most digits before the dot; more is refused. */
  wholeDigits?: number;
  /** Most digits after the dot; more is refused. Without it, digits past the 18th are cut. */
  decimals?: number;
}

function atomsOf(negative: boolean, whole: string, fraction: string): bigint {
  const cut = fraction.length > SCALE ? fraction.slice(0, SCALE) : fraction;
  const atoms = BigInt(whole || '0') * UNIT + (cut === '' ? 0n : BigInt(cut) * pow10(SCALE - cut.length));
  return negative ? -atoms : atoms;
}

/**
 * Decimal text in the wire shape (`12`, `-0.5`, `007.10`; surrounding spaces ignored) as atoms;
 * `null` for anything else (`1e5`, `.5`, `+1`, `abc`) or beyond the limits given.
 */
export function parseDecimal(text: string, limits?: DecimalLimits): bigint | null {
  const match = WIRE.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  if (limits) {
    if (limits.wholeDigits !== undefined && whole.length > limits.wholeDigits) return null;
    if (limits.decimals !== undefined && fraction.length > limits.decimals) return null;
  }
  return atomsOf(sign === '-', whole, fraction);
}

/**
 * What a person typed (`12`, `12.5`, `.5`, `12.`, `+1.25`, `-0.4`) or a finite JS number, as
 * atoms; `null` when it is not a number. Digits past the 18th decimal are cut.
 */
export function readDecimal(input: string | number | null | undefined): bigint | null {
  if (input === null || input === undefined) return null;
  const text = typeof input === 'number' ? numberText(input) : input.trim();
  if (text === null) return null;
  const match = TYPED.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  return atomsOf(sign === '-', whole, fraction);
}

/** A finite JS number as plain decimal text (no exponent); `null` for NaN and infinities. */
function numberText(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(SCALE) : text;
}

/**
 * The shortest exact text of an atom count: `1.5`, `0`, `-0.000000000000000001`. One
 * bigint-to-text conversion and string slicing, no division and no regular expression: the server
 * formats several amounts for every command it writes.
 */
export function formatDecimal(atoms: bigint): string {
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

/**
 * An atom count as text with exactly `decimals` decimals (a negative count of decimals counts as
 * none), cut toward zero; a value cut to zero shows no minus sign.
 */
export function formatFixed(atoms: bigint, decimals: number): string {
  const places = Math.max(0, Math.trunc(decimals));
  const kept = Math.min(places, SCALE);
  const negative = atoms < 0n;
  const cut = (negative ? -atoms : atoms) / pow10(SCALE - kept);
  const digits = cut.toString().padStart(kept + 1, '0');
  const whole = digits.slice(0, digits.length - kept);
  const fraction = digits.slice(digits.length - kept).padEnd(places, '0');
  const sign = negative && cut !== 0n ? '-' : '';
  return places > 0 ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

/** The atom count cut toward zero to `decimals` places. */
export function cutDecimals(atoms: bigint, decimals: number): bigint {
  const places = Math.max(0, Math.trunc(decimals));
  if (places >= SCALE) return atoms;
  const step = pow10(SCALE - places);
  return (atoms / step) * step;
}

/** True when the amount needs no more than `decimals` places (a currency's precision). */
export function hasAtMostDecimals(atoms: bigint, decimals: number): boolean {
  if (decimals >= SCALE) return true;
  return atoms % pow10(SCALE - decimals) === 0n;
}

/** a × b, cut toward zero to 18 decimals. */
export function multiplyAtoms(a: bigint, b: bigint): bigint {
  return (a * b) / UNIT;
}

/** a ÷ b, cut toward zero to 18 decimals; `null` when b is zero. */
export function divideAtoms(a: bigint, b: bigint): bigint | null {
  return b === 0n ? null : (a * UNIT) / b;
}

/** a × percent ÷ 100 for a whole percent, cut toward zero to 18 decimals; `null` for a fractional percent. */
export function percentOfAtoms(a: bigint, percent: number): bigint | null {
  return Number.isInteger(percent) ? (a * BigInt(percent)) / 100n : null;
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compareAtoms(a: bigint, b: bigint): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}
