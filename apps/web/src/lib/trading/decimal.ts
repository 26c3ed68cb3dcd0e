/**
 * Exact decimal arithmetic for money shown on screen. Amounts travel as decimal text; here they
 * become bigint fixed-point numbers with 18 decimals, never JS floats, and results are cut toward
 * zero ("floored", spec 1 §5) to the decimals asked for.
 */

/** Decimals kept internally: enough for any price × quantity of 8-decimal amounts. */
export const SCALE = 18;
const ONE = 10n ** BigInt(SCALE);

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Parses decimal text (`12`, `12.5`, `.5`, `12.`, `+1.25`, `-0.4`) into fixed-point atoms;
 * `null` when it is not a number. Digits beyond 18 decimals are cut.
 */
export function toAtoms(text: string | number | null | undefined): bigint | null {
  if (text === null || text === undefined) return null;
  const value = typeof text === 'number' ? numberText(text) : text.trim();
  if (value === null) return null;
  const match = DECIMAL.exec(value);
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const atoms = BigInt(whole || '0') * ONE + BigInt(fraction.slice(0, SCALE).padEnd(SCALE, '0') || '0');
  return sign === '-' ? -atoms : atoms;
}

/** A finite JS number as plain decimal text (no exponent); `null` for NaN and infinities. */
function numberText(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(SCALE);
}

/** Fixed-point atoms as decimal text with exactly `decimals` decimals, cut toward zero. */
export function fromAtoms(atoms: bigint, decimals: number): string {
  const places = Math.max(0, Math.min(SCALE, Math.trunc(decimals)));
  const negative = atoms < 0n;
  const magnitude = negative ? -atoms : atoms;
  const step = 10n ** BigInt(SCALE - places);
  const cut = magnitude / step;
  const divisor = 10n ** BigInt(places);
  const whole = cut / divisor;
  const fraction = (cut % divisor).toString().padStart(places, '0');
  const isZero = cut === 0n;
  const sign = negative && !isZero ? '-' : '';
  return places > 0 ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

/** Decimal text cut toward zero to `decimals` and padded; `fallback` when it is not a number. */
export function fixed(text: string | number | null | undefined, decimals: number, fallback = '--'): string {
  const atoms = toAtoms(text);
  return atoms === null ? fallback : fromAtoms(atoms, decimals);
}

/** a × b, cut to `decimals`; `null` when either is not a number. */
export function mulFloor(a: string, b: string, decimals: number): string | null {
  const x = toAtoms(a);
  const y = toAtoms(b);
  if (x === null || y === null) return null;
  return fromAtoms((x * y) / ONE, decimals);
}

/** a ÷ b, cut to `decimals`; `null` when either is not a number or b is zero. */
export function divFloor(a: string, b: string, decimals: number): string | null {
  const x = toAtoms(a);
  const y = toAtoms(b);
  if (x === null || y === null || y === 0n) return null;
  return fromAtoms((x * ONE) / y, decimals);
}

/** a × percent ÷ 100 (percent a whole number, as the slider steps are), cut to `decimals`. */
export function percentFloor(a: string, percent: number, decimals: number): string | null {
  const x = toAtoms(a);
  if (x === null || !Number.isInteger(percent)) return null;
  return fromAtoms((x * BigInt(percent)) / 100n, decimals);
}

/** Compares two decimal texts; non-numbers count as zero. */
export function compare(a: string, b: string): -1 | 0 | 1 {
  const x = toAtoms(a) ?? 0n;
  const y = toAtoms(b) ?? 0n;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** True when the text is a number above zero. */
export function isPositive(text: string | null | undefined): boolean {
  const atoms = toAtoms(text ?? null);
  return atoms !== null && atoms > 0n;
}

/** a − b, cut to `decimals`; `null` when either is not a number. */
export function subtract(a: string, b: string, decimals: number): string | null {
  const x = toAtoms(a);
  const y = toAtoms(b);
  if (x === null || y === null) return null;
  return fromAtoms(x - y, decimals);
}
