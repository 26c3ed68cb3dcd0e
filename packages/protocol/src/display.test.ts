import { describe, expect, it } from 'vitest';
import { floorDecimal, maskAccount } from './display';

describe('floorDecimal', () => {
  it('floors instead of rounding', () => {
    expect(floorDecimal('1.23456789', 4)).toBe('1.2345');
    expect(floorDecimal('0.99999', 2)).toBe('0.99');
  });
  it('floors negative amounts toward zero and drops a negative zero', () => {
    expect(floorDecimal('-1.239', 2)).toBe('-1.23');
    expect(floorDecimal('-0.001', 2)).toBe('0.00');
  });
  it('pads, strips leading zeros and handles whole numbers', () => {
    expect(floorDecimal('007', 2)).toBe('7.00');
    expect(floorDecimal('12.5', 0)).toBe('12');
  });
  it('refuses text that is not a decimal', () => {
    expect(() => floorDecimal('1e5', 2)).toThrow(RangeError);
    expect(() => floorDecimal('abc', 2)).toThrow(RangeError);
  });
});

describe('maskAccount', () => {
  it('masks an 11-digit number to the first 3 and last 4 digits', () => {
    expect(maskAccount('13812345678')).toBe('138****5678');
  });
  it('masks a phone account by its national number, without the calling code', () => {
    expect(maskAccount('+8610000000001')).toBe('100****0001');
    expect(maskAccount('+12025550123')).toBe('202****0123');
    expect(maskAccount('+447700900123')).toBe('770****0123');
    expect(maskAccount('+971501234567')).toBe('501****4567');
  });
  it('masks the local part of an e-mail', () => {
    expect(maskAccount('alice@tessera.example')).toBe('ali****@tessera.example');
    expect(maskAccount('al@x.io')).toBe('al****@x.io');
  });
});
