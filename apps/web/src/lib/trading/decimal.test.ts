import { describe, expect, it } from 'vitest';
import { compare, divFloor, fixed, fromAtoms, isPositive, mulFloor, percentFloor, subtract, toAtoms } from './decimal';

describe('decimal', () => {
  it('parses decimal text exactly, including the shapes typed in a form', () => {
    expect(toAtoms('1')).toBe(10n ** 18n);
    expect(toAtoms('0.1')).toBe(10n ** 17n);
    expect(toAtoms('.5')).toBe(5n * 10n ** 17n);
    expect(toAtoms('12.')).toBe(12n * 10n ** 18n);
    expect(toAtoms('+1.25')).toBe(125n * 10n ** 16n);
    expect(toAtoms('-0.4')).toBe(-4n * 10n ** 17n);
    for (const bad of ['', '.', '-', 'abc', '1e5', '1.2.3', ' ']) expect(toAtoms(bad), bad).toBeNull();
    expect(toAtoms(null)).toBeNull();
    expect(toAtoms(1e-7)).toBe(10n ** 11n);
    expect(toAtoms(Number.NaN)).toBeNull();
  });

  it('cuts toward zero and pads to the decimals asked for', () => {
    expect(fromAtoms(toAtoms('1.23456789')!, 4)).toBe('1.2345');
    expect(fromAtoms(toAtoms('-1.23456789')!, 4)).toBe('-1.2345');
    expect(fromAtoms(toAtoms('-0.00001')!, 4)).toBe('0.0000');
    expect(fromAtoms(toAtoms('7')!, 2)).toBe('7.00');
    expect(fromAtoms(toAtoms('7.9')!, 0)).toBe('7');
    expect(fixed('abc', 2)).toBe('--');
    expect(fixed('65000.123', 5)).toBe('65000.12300');
  });

  it('multiplies without float error: 0.1 × 0.2 = 0.02, 1.005 × 1000 = 1005', () => {
    expect(mulFloor('0.1', '0.2', 4)).toBe('0.0200');
    expect(mulFloor('1.005', '1000', 4)).toBe('1005.0000');
    expect(mulFloor('65432.1', '0.123456', 4)).toBe('8077.9853');
    expect(mulFloor('x', '1', 4)).toBeNull();
  });

  it('divides and takes percentages, floored', () => {
    expect(divFloor('100', '3', 4)).toBe('33.3333');
    expect(divFloor('1', '0', 4)).toBeNull();
    expect(percentFloor('0.123456', 25, 4)).toBe('0.0308');
    expect(percentFloor('10', 33.3, 4)).toBeNull();
  });

  it('compares, tests the sign and subtracts', () => {
    expect(compare('1.10', '1.1')).toBe(0);
    expect(compare('2', '10')).toBe(-1);
    expect(compare('abc', '0')).toBe(0);
    expect(isPositive('0.0001')).toBe(true);
    expect(isPositive('0')).toBe(false);
    expect(isPositive('')).toBe(false);
    expect(subtract('65001.5', '65000.25', 2)).toBe('1.25');
  });
});
