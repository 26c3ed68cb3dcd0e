import { describe, expect, it } from 'vitest';
import { C2C_PAYMENT_WINDOW_MS, clock, safeNextPath, successKind, timeLeft } from './outcome';

describe('success page inputs', () => {
  it('keeps known kinds and falls back to the generic one', () => {
    expect(successKind('subscription')).toBe('subscription');
    expect(successKind('payment')).toBe('payment');
    expect(successKind('anything')).toBe('generic');
    expect(successKind(null)).toBe('generic');
  });

  it('follows paths of this site only', () => {
    expect(safeNextPath('/uplist')).toBe('/uplist');
    expect(safeNextPath('/account/chargeRecord?x=1')).toBe('/account/chargeRecord?x=1');
    expect(safeNextPath('//evil.example/')).toBe('/');
    expect(safeNextPath('https://evil.example/')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath('javascript:alert(1)')).toBe('/');
    expect(safeNextPath('/a\nb')).toBe('/');
    expect(safeNextPath(null, '/uplist')).toBe('/uplist');
  });
});

describe('payment window', () => {
  it('counts down to the deadline, never below zero', () => {
    expect(C2C_PAYMENT_WINDOW_MS).toBe(900_000);
    expect(timeLeft(900_000, 0)).toBe(900_000);
    expect(timeLeft(900_000, 899_500)).toBe(500);
    expect(timeLeft(900_000, 1_000_000)).toBe(0);
    expect(clock(900_000)).toBe('15:00');
    expect(clock(61_999)).toBe('01:01');
    expect(clock(-5)).toBe('00:00');
  });
});
