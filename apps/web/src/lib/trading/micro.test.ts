import { describe, expect, it } from 'vitest';
import { feeOf, isStakeOnStep, runningResult, secondsLeft } from './micro';

const contract = (type: 1 | 2) => ({ type, open_price: '60000.00', number: '100', profit_ratio: '85' });

describe('second-contract maths', () => {
  it('shows a win of number × ratio ÷ 100 when the price moved the chosen way, minus the stake otherwise, 0 on a tie', () => {
    expect(runningResult(contract(1), '60000.01', 2)).toEqual({ state: 'win', amount: '85.00' });
    expect(runningResult(contract(1), '59999.99', 2)).toEqual({ state: 'loss', amount: '-100.00' });
    expect(runningResult(contract(2), '59999.99', 2)).toEqual({ state: 'win', amount: '85.00' });
    expect(runningResult(contract(2), '60000.01', 2)).toEqual({ state: 'loss', amount: '-100.00' });
    expect(runningResult(contract(1), '60000', 2)).toEqual({ state: 'tie', amount: '0.00' });
    expect(runningResult(contract(2), '60000.000', 2)).toEqual({ state: 'tie', amount: '0.00' });
  });

  it('floors the win, as the server does, and knows nothing without a price', () => {
    expect(runningResult({ type: 1, open_price: '1', number: '10.01', profit_ratio: '33.33' }, '2', 4)).toEqual({ state: 'win', amount: '3.3363' });
    expect(runningResult(contract(1), '', 2)).toBeNull();
    expect(runningResult(contract(1), '0', 2)).toBeNull();
  });

  it('counts whole seconds down, never below zero', () => {
    expect(secondsLeft(10_000, 0, 10)).toBe(10);
    expect(secondsLeft(10_000, 9_001, 10)).toBe(1);
    expect(secondsLeft(10_000, 10_000, 10)).toBe(0);
    expect(secondsLeft(10_000, 12_000, 10)).toBe(0);
    // a moment's difference between the server's clock and this one never shows more than the contract's seconds
    expect(secondsLeft(5_001, 0, 5)).toBe(5);
  });

  it('computes the fee floored and checks the stake step', () => {
    expect(feeOf('100', '0.5', 8)).toBe('0.50000000');
    expect(feeOf('15', '0.33', 4)).toBe('0.0495');
    expect(feeOf('x', '0.5', 2)).toBeNull();
    expect(isStakeOnStep('30', '10')).toBe(true);
    expect(isStakeOnStep('35', '10')).toBe(false);
    expect(isStakeOnStep('0', '10')).toBe(false);
    expect(isStakeOnStep('', '10')).toBe(false);
  });
});
