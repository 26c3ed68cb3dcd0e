import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAmount, parseAmount, tryParseAmount } from './amount';

describe('amounts', () => {
  it('parses and formats exactly, where floats would not', () => {
    expect(formatAmount(parseAmount('0.1') + parseAmount('0.2'))).toBe('0.3');
    expect(formatAmount(parseAmount('123456789012.123456789012345678'))).toBe('123456789012.123456789012345678');
    expect(formatAmount(parseAmount('-0.000000000000000001'))).toBe('-0.000000000000000001');
    expect(formatAmount(parseAmount('100.500'))).toBe('100.5');
    expect(formatAmount(0n)).toBe('0');
    expect(formatAmount(parseAmount('-7.000'))).toBe('-7');
    expect(formatAmount(parseAmount('0.5'))).toBe('0.5');
  });

  it('refuses text that is not an exact decimal of at most 18 places', () => {
    for (const text of ['', 'abc', '1e5', '0x10', '1.2.3', '1.0000000000000000001', 'NaN', 'Infinity', ' - 1']) {
      expect(tryParseAmount(text)).toBeUndefined();
    }
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 38n) + 1n, max: 10n ** 38n - 1n }), (atoms) => {
        const text = formatAmount(atoms);
        expect(parseAmount(text)).toBe(atoms);
        // the shortest text: no trailing zeros after the point, no point without a fraction
        expect(text).toMatch(/^-?(0|[1-9]\d*)(\.\d*[1-9])?$/);
      }),
    );
  });
});
