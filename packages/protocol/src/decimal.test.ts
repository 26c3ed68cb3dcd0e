import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SCALE,
  UNIT,
  compareAtoms,
  cutDecimals,
  divideAtoms,
  formatDecimal,
  formatFixed,
  hasAtMostDecimals,
  multiplyAtoms,
  parseDecimal,
  percentOfAtoms,
  readDecimal,
} from './decimal';

const atoms = fc.bigInt({ min: -(10n ** 38n) + 1n, max: 10n ** 38n - 1n });
const places = fc.integer({ min: 0, max: SCALE });

/** The obvious (slow) reference: division toward zero and zero padding, built on bigint arithmetic only. */
function referenceFixed(value: bigint, decimals: number): string {
  const cut = value / 10n ** BigInt(SCALE - decimals);
  const magnitude = cut < 0n ? -cut : cut;
  const unit = 10n ** BigInt(decimals);
  const fraction = (magnitude % unit).toString().padStart(decimals, '0');
  return `${cut < 0n ? '-' : ''}${magnitude / unit}${decimals > 0 ? `.${fraction}` : ''}`;
}

describe('parseDecimal (wire text)', () => {
  it('reads the wire shape exactly', () => {
    expect(parseDecimal('1')).toBe(UNIT);
    expect(parseDecimal(' 007.10 ')).toBe(71n * 10n ** 17n);
    expect(parseDecimal('-0.000000000000000001')).toBe(-1n);
    expect(parseDecimal('0.1234567890123456789')).toBe(123456789012345678n);
  });
  it('refuses other shapes and text beyond the limits given', () => {
    for (const text of ['', 'abc', '1e5', '.5', '5.', '+1', '1.2.3', ' - 1', 'NaN']) expect(parseDecimal(text), text).toBeNull();
    expect(parseDecimal('1.0000000000000000001', { decimals: 18 })).toBeNull();
    expect(parseDecimal('123', { wholeDigits: 2 })).toBeNull();
    expect(parseDecimal('12.5', { wholeDigits: 2, decimals: 1 })).toBe(125n * 10n ** 17n);
  });
  it('round-trips every atom count through its shortest text', () => {
    fc.assert(
      fc.property(atoms, (value) => {
        const text = formatDecimal(value);
        expect(parseDecimal(text)).toBe(value);
        expect(text).toMatch(/^-?(0|[1-9]\d*)(\.\d*[1-9])?$/);
      }),
    );
  });
});

describe('readDecimal (typed text)', () => {
  it('reads what a form field may hold', () => {
    expect(readDecimal('.5')).toBe(5n * 10n ** 17n);
    expect(readDecimal('12.')).toBe(12n * UNIT);
    expect(readDecimal('+1.25')).toBe(125n * 10n ** 16n);
    expect(readDecimal(1e-7)).toBe(10n ** 11n);
    for (const bad of ['', '.', '-', 'abc', '1e5', ' ', null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) expect(readDecimal(bad)).toBeNull();
  });
  it('agrees with parseDecimal on wire text', () => {
    fc.assert(
      fc.property(atoms, (value) => {
        expect(readDecimal(formatDecimal(value))).toBe(value);
      }),
    );
  });
});

describe('formatFixed', () => {
  it('cuts toward zero, pads, and drops the sign of a zero', () => {
    expect(formatFixed(parseDecimal('1.23456789')!, 4)).toBe('1.2345');
    expect(formatFixed(parseDecimal('-1.239')!, 2)).toBe('-1.23');
    expect(formatFixed(parseDecimal('-0.001')!, 2)).toBe('0.00');
    expect(formatFixed(parseDecimal('7')!, 2)).toBe('7.00');
    expect(formatFixed(parseDecimal('7.9')!, 0)).toBe('7');
    expect(formatFixed(parseDecimal('1.5')!, 20)).toBe('1.50000000000000000000');
  });
  it('matches the reference cut for every amount and number of places', () => {
    fc.assert(
      fc.property(atoms, places, (value, decimals) => {
        const expected = referenceFixed(value, decimals);
        // a value cut to zero shows no minus sign
        expect(formatFixed(value, decimals)).toBe(/^-0(\.0*)?$/.test(expected) ? expected.slice(1) : expected);
      }),
    );
  });
  it('never shows more than the value: the cut text reads back at most |value|, less than one last place away', () => {
    fc.assert(
      fc.property(atoms, places, (value, decimals) => {
        const shown = parseDecimal(formatFixed(value, decimals))!;
        const magnitude = (x: bigint) => (x < 0n ? -x : x);
        expect(magnitude(shown) <= magnitude(value)).toBe(true);
        expect(magnitude(value - shown) < 10n ** BigInt(SCALE - decimals)).toBe(true);
        expect(shown).toBe(cutDecimals(value, decimals));
        expect(hasAtMostDecimals(shown, decimals)).toBe(true);
      }),
    );
  });
});

describe('arithmetic', () => {
  it('is exact where floats are not: 0.1 × 0.2, 1.005 × 1000, 100 ÷ 3', () => {
    expect(formatDecimal(multiplyAtoms(parseDecimal('0.1')!, parseDecimal('0.2')!))).toBe('0.02');
    expect(formatDecimal(multiplyAtoms(parseDecimal('1.005')!, parseDecimal('1000')!))).toBe('1005');
    expect(formatFixed(divideAtoms(parseDecimal('100')!, parseDecimal('3')!)!, 4)).toBe('33.3333');
    expect(divideAtoms(UNIT, 0n)).toBeNull();
    expect(formatDecimal(percentOfAtoms(parseDecimal('0.123456')!, 25)!)).toBe('0.030864');
    expect(percentOfAtoms(UNIT, 33.3)).toBeNull();
  });
  it('multiplies by one and divides by one without change; cuts products toward zero', () => {
    fc.assert(
      fc.property(atoms, atoms, (a, b) => {
        expect(multiplyAtoms(a, UNIT)).toBe(a);
        expect(divideAtoms(a, UNIT)).toBe(a);
        const product = multiplyAtoms(a, b);
        const exact = a * b;
        expect(product * UNIT === exact || (product * UNIT < exact) === exact > 0n).toBe(true);
      }),
    );
  });
  it('compares', () => {
    fc.assert(fc.property(atoms, atoms, (a, b) => {
      expect(compareAtoms(a, b)).toBe(a < b ? -1 : a > b ? 1 : 0);
    }));
  });
});
