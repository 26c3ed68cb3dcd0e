import { describe, expect, it } from 'vitest';
import {
  allSubscribable,
  checkSubscription,
  issuedShare,
  projectStage,
  reachedStages,
  slicePath,
  subscriptionState,
  tokensFor,
} from './index';

describe('subscription amount checks', () => {
  it('asks for an amount when it is empty, zero or not a number', () => {
    expect(checkSubscription('', '1000', '0.5')).toBe('enterAmount');
    expect(checkSubscription('0', '1000', '0.5')).toBe('enterAmount');
    expect(checkSubscription('abc', '1000', '0.5')).toBe('enterAmount');
    expect(checkSubscription('-100', '1000', '0.5')).toBe('enterAmount');
  });

  it('takes whole multiples of 100 only', () => {
    expect(checkSubscription('150', '1000', '0.5')).toBe('multipleOf100');
    expect(checkSubscription('100.5', '1000', '0.5')).toBe('multipleOf100');
    expect(checkSubscription('100.00', '1000', '0.5')).toBeUndefined();
    expect(checkSubscription('300', '1000', '0.5')).toBeUndefined();
  });

  it('refuses more than the balance, and a missing price', () => {
    expect(checkSubscription('1100', '1000', '0.5')).toBe('insufficient');
    expect(checkSubscription('1000', '1000', '0.5')).toBeUndefined();
    expect(checkSubscription('100', '1000', '0')).toBe('noPrice');
  });
});

describe('conversion', () => {
  it('divides by the price and cuts to 6 decimals', () => {
    expect(tokensFor('100', '3')).toBe('33.333333');
    expect(tokensFor('200', '0.5')).toBe('400.000000');
    expect(tokensFor('100', '0')).toBe('0.000000');
    expect(tokensFor('', '2')).toBe('0.000000');
  });

  it("'all' is the largest multiple of 100 within the balance", () => {
    expect(allSubscribable('1234.56789')).toBe('1200');
    expect(allSubscribable('99.99')).toBe('0');
    expect(allSubscribable('300')).toBe('300');
    expect(allSubscribable('')).toBe('0');
  });
});

describe('issued share', () => {
  it('splits the planned total into issued and remaining, cut to 2 decimals', () => {
    const share = issuedShare('3000000', '1000000');
    expect(share.issued).toBe('2000000.00000000');
    expect(share.remaining).toBe('1000000.00000000');
    expect(share.issuedPercent).toBe('66.66');
    expect(share.remainingPercent).toBe('33.34');
    expect(share.fraction).toBeCloseTo(0.6666);
  });

  it('keeps the remaining within the total', () => {
    expect(issuedShare('100', '150').issuedPercent).toBe('0.00');
    expect(issuedShare('100', '-5').issuedPercent).toBe('100.00');
    expect(issuedShare('0', '0').fraction).toBe(0);
  });

  it('draws nothing for an empty slice and a circle for a whole one', () => {
    expect(slicePath(0, 50)).toBe('');
    expect(slicePath(1, 50)).toContain('A 50 50 0 1 1');
    expect(slicePath(0.25, 50)).toBe('M 50 50 L 50 0 A 50 50 0 0 1 100 50 Z');
    expect(slicePath(0.75, 50)).toContain(' 0 1 1 ');
  });
});

describe('cycle and states', () => {
  it('marks the stages reached by the step', () => {
    expect(reachedStages(1)).toEqual({ preheat: true, start: false, end: false, results: false });
    expect(reachedStages('2')).toEqual({ preheat: true, start: true, end: false, results: false });
    expect(reachedStages(3)).toEqual({ preheat: true, start: true, end: true, results: true });
  });

  it('names the project stage and the subscription state', () => {
    expect(projectStage(1)).toBe('preheating');
    expect(projectStage(2)).toBe('subscribing');
    expect(projectStage(3)).toBe('ended');
    expect(projectStage(4)).toBe('announced');
    expect(subscriptionState(1)).toBe('locked');
    expect(subscriptionState(2)).toBe('unlockable');
    expect(subscriptionState(3)).toBe('completed');
  });
});
