import { describe, expect, it } from 'vitest';
import { acceptorActions, checkDeal, dealFee, dealState, depositReceived, userCanConfirm, userCanObject } from './index';

const base = { way: 'bank' as const, mobile: '13800138000', account: '6222 0000 1111', money: '100', limit: '0', rate: '1' };

describe('acceptor deal form', () => {
  it('passes a complete form', () => {
    expect(checkDeal(base)).toEqual({});
  });

  it('names each missing or wrong field', () => {
    expect(checkDeal({ ...base, mobile: '' }).mobile).toBe('enterMobile');
    expect(checkDeal({ ...base, mobile: '12ab' }).mobile).toBe('mobileFormat');
    expect(checkDeal({ ...base, account: '  ' }).account).toBe('enterAccount');
    expect(checkDeal({ ...base, money: '0' }).money).toBe('enterAmount');
    expect(checkDeal({ ...base, money: '' }).money).toBe('enterAmount');
    expect(checkDeal({ ...base, way: '' }).way).toBe('chooseWay');
  });

  it('keeps the amount within the limit and the balance, and above the fee', () => {
    expect(checkDeal({ ...base, limit: '50' }).money).toBe('aboveLimit');
    expect(checkDeal({ ...base, limit: '100' }).money).toBeUndefined();
    expect(checkDeal({ ...base, balance: '99.99' }).money).toBe('aboveBalance');
    // a deposit needs the acceptor to hold the amount less the fee only
    expect(checkDeal({ ...base, balance: '99', covers: 'settled' }).money).toBeUndefined();
    expect(checkDeal({ ...base, balance: '98.99', covers: 'settled' }).money).toBe('aboveBalance');
    expect(checkDeal({ ...base, money: '0.00000001', rate: '100' }).money).toBe('feeTooHigh');
  });
});

describe('acceptor fee', () => {
  it('is amount × rate %, cut to 8 decimals', () => {
    expect(dealFee('100', '1.5')).toBe('1.50000000');
    expect(dealFee('0.00000003', '50')).toBe('0.00000001');
    expect(dealFee('100', '0')).toBe('0.00000000');
    expect(depositReceived('100', '1.5')).toBe('98.50000000');
    expect(depositReceived('', '1.5')).toBe('0.00000000');
  });
});

describe('deal states and actions', () => {
  it('names the states', () => {
    expect([0, 1, 2, 3].map(dealState)).toEqual(['open', 'confirmed', 'rejected', 'paid']);
  });

  it('offers the acceptor confirm/reject on open deposits and paid/reject on open withdrawals', () => {
    expect(acceptorActions({ type: 'buy', is_sure: 0 })).toEqual(['confirm', 'reject']);
    expect(acceptorActions({ type: 'sell', is_sure: 0 })).toEqual(['paid', 'reject']);
    expect(acceptorActions({ type: 'sell', is_sure: 3 })).toEqual([]);
    expect(acceptorActions({ type: 'buy', is_sure: 1 })).toEqual([]);
  });

  it('lets the user confirm only a withdrawal the acceptor paid', () => {
    expect(userCanConfirm({ type: 'sell', is_sure: 3 })).toBe(true);
    expect(userCanConfirm({ type: 'sell', is_sure: 0 })).toBe(false);
    expect(userCanConfirm({ type: 'buy', is_sure: 3 })).toBe(false);
  });

  it('lets the user object to a paid withdrawal only before it confirms itself, and once', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const paid = { type: 'sell' as const, is_sure: 3, disputed: false, auto_confirm_time: '2026-11-27 12:10:00' };
    expect(userCanObject(paid, now)).toBe(true);
    expect(userCanObject({ ...paid, auto_confirm_time: '2026-11-27 11:59:00' }, now)).toBe(false);
    expect(userCanObject({ ...paid, auto_confirm_time: '' }, now)).toBe(false);
    expect(userCanObject({ ...paid, disputed: true }, now)).toBe(false);
    expect(userCanObject({ ...paid, type: 'buy' }, now)).toBe(false);
    expect(userCanObject({ ...paid, is_sure: 1 }, now)).toBe(false);
  });
});
