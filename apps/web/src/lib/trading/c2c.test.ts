import { describe, expect, it } from 'vitest';
import {
  cashWays,
  counterpartyNotice,
  checkCashInfo,
  checkPublish,
  checkTakeNumber,
  dealMoney,
  defaultTakeNumber,
  formatCountdown,
  hasProblems,
  msUntil,
  orderActions,
  parseWays,
  type OrderForActions,
  type PublishForm,
} from './c2c';

const form = (patch: Partial<PublishForm> = {}): PublishForm => ({
  type: 'sell',
  price: '7.1234',
  total: '100',
  min: '',
  max: '',
  ways: ['bank'],
  ...patch,
});

describe('checkPublish', () => {
  it('accepts a complete form', () => {
    expect(hasProblems(checkPublish(form(), '100'))).toBe(false);
  });

  it('asks for the quantity in the words of the side, then the price, then a way', () => {
    expect(checkPublish(form({ type: 'buy', total: '', price: '', ways: [] }))).toEqual({
      total: 'enter the number to buy',
      price: 'enter price',
      ways: 'choose payment method',
    });
    expect(checkPublish(form({ total: ' ' })).total).toBe('enter the number to sell');
  });

  it('refuses a sell ad above the legal balance, not a buy ad', () => {
    expect(checkPublish(form({ total: '100.00000001' }), '100').total).toBe('insufficient balance');
    expect(checkPublish(form({ type: 'buy', total: '1000' }), '100').total).toBeUndefined();
  });

  it('refuses zero, negative and over-precise prices', () => {
    expect(checkPublish(form({ price: '0' })).price).toBe('price must be greater than zero');
    expect(checkPublish(form({ price: '-1' })).price).toBe('price must be greater than zero');
    expect(checkPublish(form({ price: '7.12345' })).price).toBe('price may have at most 4 decimals');
  });

  it('keeps the minimum within the total and the maximum above the minimum', () => {
    expect(checkPublish(form({ min: '100.1' })).min).toBe('minimum must not exceed total');
    expect(checkPublish(form({ min: '100' })).min).toBeUndefined();
    expect(checkPublish(form({ min: '10', max: '5' })).max).toBe('maximum must not be below minimum');
    expect(checkPublish(form({ min: '10', max: '0' })).max).toBeUndefined();
    expect(checkPublish(form({ min: 'abc' })).min).toBe('parameter error');
  });
});

describe('taking an ad', () => {
  const ad = { surplus_number: '50', min_number: '10', max_number: '30' };

  it('starts with the remainder, or the maximum when that is less', () => {
    expect(defaultTakeNumber(ad)).toBe('30');
    expect(defaultTakeNumber({ ...ad, max_number: '0' })).toBe('50');
    expect(defaultTakeNumber({ ...ad, max_number: '80' })).toBe('50');
  });

  it('keeps the quantity between the minimum and the remainder and maximum', () => {
    expect(checkTakeNumber('30', ad)).toBeUndefined();
    expect(checkTakeNumber('', ad)).toBe('enter number');
    expect(checkTakeNumber('0', ad)).toBe('number must be greater than zero');
    expect(checkTakeNumber('9.99', ad)).toBe('minimum amount not met');
    expect(checkTakeNumber('30.00000001', ad)).toBe('amount above maximum');
    expect(checkTakeNumber('51', { ...ad, max_number: '0' })).toBe('above the ad remainder');
    expect(checkTakeNumber('0.000000001', ad)).toBe('amount has more decimals than the currency allows');
  });

  it('lets the last coins go below the minimum', () => {
    expect(checkTakeNumber('5', { surplus_number: '5', min_number: '10', max_number: '0' })).toBeUndefined();
  });

  it('prices an order to the cent, cut not rounded', () => {
    expect(dealMoney('3', '7.1299')).toBe('21.38');
    expect(dealMoney('0.1', '0.0999')).toBe('0.00');
    expect(dealMoney('x', '1')).toBeNull();
  });
});

describe('orderActions', () => {
  const order = (patch: Partial<OrderForActions>): OrderForActions => ({
    role: 'buyer',
    is_publisher: 0,
    is_sure: 0,
    appeal: { can_appeal: 0, appealed: 0 },
    ...patch,
  });
  const none = { cancel: false, pay: false, release: null, appeal: false };

  it('lets the buyer cancel or pay an unpaid order, and the seller wait', () => {
    expect(orderActions(order({}))).toEqual({ ...none, cancel: true, pay: true });
    expect(orderActions(order({ role: 'seller' }))).toEqual(none);
  });

  it('lets only the seller release a paid order, through the call of their view', () => {
    expect(orderActions(order({ is_sure: 3 }))).toEqual(none);
    expect(orderActions(order({ role: 'seller', is_sure: 3 })).release).toBe('taker');
    expect(orderActions(order({ role: 'seller', is_sure: 3, is_publisher: 1 })).release).toBe('publisher');
  });

  it('offers the appeal to either side once allowed, once', () => {
    const allowed = { can_appeal: 1 as const, appealed: 0 as const };
    expect(orderActions(order({ is_sure: 3, appeal: allowed })).appeal).toBe(true);
    expect(orderActions(order({ role: 'seller', is_sure: 3, appeal: allowed })).appeal).toBe(true);
    expect(orderActions(order({ is_sure: 3, appeal: { can_appeal: 1, appealed: 1 } })).appeal).toBe(false);
    expect(orderActions(order({ is_sure: 0, appeal: allowed })).appeal).toBe(false);
  });

  it('offers nothing on done or cancelled orders', () => {
    for (const is_sure of [1, 2] as const) {
      for (const role of ['buyer', 'seller'] as const) expect(orderActions(order({ is_sure, role }))).toEqual(none);
    }
  });
});

describe('payment methods', () => {
  const cash = { real_name: 'Li Lei', bank_name: '', bank_account: '', alipay_account: '', wechat_account: '', wechat_nickname: '' };

  it('needs a real name without digits and at least one way', () => {
    expect(checkCashInfo({ ...cash, real_name: '' })).toEqual({
      real_name: 'enter real name',
      methods: 'at least one payment method is required',
    });
    expect(checkCashInfo({ ...cash, real_name: 'Li 2', alipay_account: 'a@b.c' })).toEqual({ real_name: 'name must not contain digits' });
    expect(checkCashInfo({ ...cash, wechat_account: 'lilei' })).toEqual({});
  });

  it('needs the bank name and a 12 to 19 digit card together', () => {
    expect(checkCashInfo({ ...cash, bank_name: 'ICBC' }).bank).toBe('enter bank name and card number');
    expect(checkCashInfo({ ...cash, bank_name: 'ICBC', bank_account: '1234' }).bank_account).toBe('bank card number is not valid');
    expect(checkCashInfo({ ...cash, bank_name: 'ICBC', bank_account: '6222 0212 3456 7890' })).toEqual({});
  });

  it('names the ways saved methods cover', () => {
    expect(cashWays({ ...cash, alipay_account: 'a', bank_name: 'ICBC', bank_account: '1' })).toEqual(['ali_pay', 'bank']);
    expect(cashWays({ ...cash, bank_name: 'ICBC' })).toEqual([]);
  });
});

describe('small helpers', () => {
  it('reads known ways in their usual order', () => {
    expect(parseWays('bank, ali_pay,paypal')).toEqual(['ali_pay', 'bank']);
  });

  it('counts down to a deadline in minutes and seconds', () => {
    const deadline = new Date(Date.UTC(2026, 0, 1, 0, 15, 0));
    expect(formatCountdown(msUntil(deadline, Date.UTC(2026, 0, 1, 0, 0, 1)))).toBe('14:59');
    expect(msUntil(deadline, Date.UTC(2026, 0, 1, 1))).toBe(0);
    expect(msUntil(null, 0)).toBe(0);
  });
});

describe('counterpartyNotice', () => {
  it('tells the seller the buyer paid and the buyer the coins were released, nothing else', () => {
    expect(counterpartyNotice({ role: 'seller', is_sure: 3 })).toBe('paid');
    expect(counterpartyNotice({ role: 'buyer', is_sure: 1 })).toBe('released');
    expect(counterpartyNotice({ role: 'buyer', is_sure: 3 })).toBeNull();
    expect(counterpartyNotice({ role: 'seller', is_sure: 1 })).toBeNull();
    expect(counterpartyNotice({ role: 'seller', is_sure: 0 })).toBeNull();
    expect(counterpartyNotice({ role: 'buyer', is_sure: 2 })).toBeNull();
  });
});
