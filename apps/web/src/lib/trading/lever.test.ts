import { describe, expect, it } from 'vitest';
import {
  expectedStopResult,
  isWholePositive,
  leverTotals,
  liquidationMark,
  positionProfit,
  riskRate,
  spreadPrice,
  stepStop,
  stopProblem,
} from './lever';

const long = { type: 1, price: '100', share: '2', shareNum: '10' } as const;
const short = { type: 2, price: '100', share: '2', shareNum: '10' } as const;

describe('lever maths', () => {
  it('prices a buy above the mark and a sell below it by the spread amount, never below zero', () => {
    expect(Number(spreadPrice('200', '0.5', 1))).toBe(200.5);
    expect(Number(spreadPrice('200', '0.5', 2))).toBe(199.5);
    expect(Number(spreadPrice('200', '0', 1))).toBe(200);
    expect(Number(spreadPrice('0.3', '0.5', 2))).toBe(0);
  });

  it('closes a long at the mark less the spread and a short at the mark plus it', () => {
    expect(positionProfit({ ...long, spread: '1' }, '110')).toBe('180.0000');
    expect(positionProfit({ ...short, spread: '1' }, '90')).toBe('180.0000');
    // with a spread a long liquidates one spread higher: 300 + 20(p − 1 − 100) = 220 → p = 97
    expect(liquidationMark({ available: '100', margin: '200', profit: '0', positions: [{ ...long, spread: '1' }], liquidationRate: '110' })).toBe('97.0000');
  });

  it('computes value, margin and fee exactly and floors each to 4 decimals', () => {
    // 0.1 + 0.2 would drift in floats: 0.3 × 3 × 1 = 0.9 exactly
    expect(leverTotals({ price: '0.3', hands: '3', shareNum: '1', multiple: '10', feePercent: '0.1' })).toEqual({
      value: '0.9000',
      margin: '0.0900',
      fee: '0.0009',
      required: '0.0909',
    });
    // 1000 × 1 × 1 ÷ 3 = 333.3333… floored
    expect(leverTotals({ price: '1000', hands: '1', shareNum: '1', multiple: '3', feePercent: '0.15' }).margin).toBe('333.3333');
    expect(leverTotals({ price: '1000', hands: '1', shareNum: '1', multiple: '0', feePercent: '0' }).margin).toBe('0.0000');
  });

  it('signs the profit by direction', () => {
    expect(positionProfit(long, '110')).toBe('200.0000');
    expect(positionProfit(long, '90')).toBe('-200.0000');
    expect(positionProfit(short, '90')).toBe('200.0000');
    expect(positionProfit(short, '110.5')).toBe('-210.0000');
  });

  it('shows the expected profit or loss of a take-profit or stop-loss, zero when negative', () => {
    expect(expectedStopResult(long, '120', 'profit')).toBe('400.0000');
    expect(expectedStopResult(long, '95', 'loss')).toBe('100.0000');
    expect(expectedStopResult(long, '95', 'profit')).toBe('0.0000');
    expect(expectedStopResult(short, '80', 'profit')).toBe('400.0000');
    expect(expectedStopResult(short, '', 'loss')).toBe('0.0000');
  });

  it('refuses a take-profit or stop-loss on the wrong side of the price', () => {
    expect(stopProblem(1, '100', '110', '90')).toBeNull();
    expect(stopProblem(1, '100', '100', '90')).toBe('profit must be above the price');
    expect(stopProblem(1, '100', '110', '100')).toBe('loss must be below the price');
    expect(stopProblem(2, '100', '90', '110')).toBeNull();
    expect(stopProblem(2, '100', '110', '120')).toBe('profit must be below the price');
    expect(stopProblem(2, '100', '90', '95')).toBe('loss must be above the price');
    expect(stopProblem(1, '100', '0', '90')).toBe('profit must be above zero');
    expect(stopProblem(1, '100', '110', '')).toBe('loss must be above zero');
  });

  it('steps take-profit and stop-loss by 0.01 and never to zero', () => {
    expect(stepStop('1.5', 1)).toBe('1.51');
    expect(stepStop('', 1)).toBe('0.01');
    expect(stepStop('0.02', -1)).toBe('0.01');
    expect(stepStop('0.01', -1)).toBeNull();
  });

  it('accepts only whole hands above zero', () => {
    expect(isWholePositive('3')).toBe(true);
    expect(isWholePositive('0')).toBe(false);
    expect(isWholePositive('1.5')).toBe(false);
    expect(isWholePositive('')).toBe(false);
  });

  it('computes the risk rate from equity over margin', () => {
    expect(riskRate({ available: '100', margin: '200', profit: '-80' })).toBe('110.00');
    expect(riskRate({ available: '0', margin: '300', profit: '0' })).toBe('100.00');
    expect(riskRate({ available: '5', margin: '0', profit: '0' })).toBeNull();
  });

  it('finds the mark at which the risk rate reaches the liquidation rate', () => {
    // long 20 units at 100, margin 200, available 100: 300 + 20(p − 100) = 220 → p = 96
    const mark = liquidationMark({ available: '100', margin: '200', profit: '0', positions: [long], liquidationRate: '110' });
    expect(mark).toBe('96.0000');
    expect(riskRate({ available: '100', margin: '200', profit: positionProfit(long, mark ?? '') })).toBe('110.00');
    // a short liquidates above: 300 − 20(p − 100) = 220 → p = 104
    expect(liquidationMark({ available: '100', margin: '200', profit: '0', positions: [short], liquidationRate: '110' })).toBe('104.0000');
    // a hedged pair does not move the rate
    expect(liquidationMark({ available: '100', margin: '400', profit: '0', positions: [long, short], liquidationRate: '110' })).toBeNull();
  });
});
