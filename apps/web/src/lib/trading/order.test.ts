import { describe, expect, it } from 'vitest';
import { isBlockedKey, limitDecimals, marketPrice, orderProblem, orderTotal, sliderEnabled, sliderNumber } from './order';

describe('order form maths', () => {
  it('totals price × number floored to 4 decimals', () => {
    expect(orderTotal('65000.12', '0.123456')).toBe('8024.6548');
    expect(orderTotal('0.1', '0.2')).toBe('0.0200');
    expect(orderTotal('', '1')).toBe('0.0000');
    expect(orderTotal('abc', '1')).toBe('0.0000');
  });

  it('buy slider: available quote × percent ÷ price, floored to 4 decimals', () => {
    const base = { side: 'buy' as const, availableQuote: '1000', availableBase: '2', price: '65000', quantityPrecision: 6 };
    expect(sliderNumber({ ...base, percent: 100 })).toBe('0.0153');
    expect(sliderNumber({ ...base, percent: 50 })).toBe('0.0076');
    expect(sliderNumber({ ...base, percent: 0 })).toBe('0.0000');
    expect(sliderNumber({ ...base, percent: 25, price: '0' })).toBe('');
    expect(sliderNumber({ ...base, percent: 25, price: '' })).toBe('');
  });

  it('sell slider: available base × percent, floored; never more decimals than the pair takes', () => {
    const base = { side: 'sell' as const, availableQuote: '0', availableBase: '1.23456789', price: '1', quantityPrecision: 6 };
    expect(sliderNumber({ ...base, percent: 75 })).toBe('0.9259');
    expect(sliderNumber({ ...base, percent: 100 })).toBe('1.2345');
    expect(sliderNumber({ ...base, percent: 100, quantityPrecision: 0 })).toBe('1');
    expect(sliderNumber({ ...base, percent: 100, quantityPrecision: 2 })).toBe('1.23');
  });

  it('the slider needs a session and a price above zero', () => {
    expect(sliderEnabled(true, '1')).toBe(true);
    expect(sliderEnabled(false, '1')).toBe(false);
    expect(sliderEnabled(true, '0')).toBe(false);
    expect(sliderEnabled(true, '')).toBe(false);
  });

  it('blocks e and signs, and limits the decimals typed', () => {
    expect(['e', 'E', '+', '-'].every(isBlockedKey)).toBe(true);
    expect(isBlockedKey('5')).toBe(false);
    expect(limitDecimals('1.23456', 2)).toBe('1.23');
    expect(limitDecimals('1e5', 2)).toBe('15');
    expect(limitDecimals('1.2.3', 4)).toBe('1.23');
    expect(limitDecimals('.5', 4)).toBe('0.5');
    expect(limitDecimals('007', 4)).toBe('7');
    expect(limitDecimals('0.', 4)).toBe('0.');
    expect(limitDecimals('12.9', 0)).toBe('12');
    expect(limitDecimals('', 2)).toBe('');
  });

  it('asks for a price, then a number, before confirming', () => {
    expect(orderProblem('', '1')).toBe('enter price');
    expect(orderProblem('0', '1')).toBe('enter price');
    expect(orderProblem('1', '0')).toBe('enter number');
    expect(orderProblem('1', '0.1')).toBeNull();
  });

  it('a market order shows the best price of the other side', () => {
    expect(marketPrice('buy', '101', '99')).toBe('101');
    expect(marketPrice('sell', '101', '99')).toBe('99');
    expect(marketPrice('sell', '101', undefined)).toBe('');
  });
});
