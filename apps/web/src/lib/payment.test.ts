import { describe, expect, it } from 'vitest';
import { checkPayment } from './payment';

describe('payment form checks', () => {
  it('needs an account and an amount above zero', () => {
    expect(checkPayment('', '10')).toEqual({ account: 'enterAccount' });
    expect(checkPayment('acc', '')).toEqual({ amount: 'enterAmount' });
    expect(checkPayment('acc', '0')).toEqual({ amount: 'enterAmount' });
    expect(checkPayment('  ', '-3')).toEqual({ account: 'enterAccount', amount: 'enterAmount' });
  });

  it('takes at most 2 decimals', () => {
    expect(checkPayment('acc', '10.5')).toEqual({});
    expect(checkPayment('acc', '10.25')).toEqual({});
    expect(checkPayment('acc', '10.255')).toEqual({ amount: 'amountFormat' });
  });
});
