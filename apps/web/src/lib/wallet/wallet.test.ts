import { describe, expect, it } from 'vitest';
import { DEPOSIT_STATUS, WITHDRAWAL_STATUS } from '@tessera/protocol';
import {
  addressesFor,
  allAmount,
  balanceOf,
  statusName,
  canDeposit,
  canWithdraw,
  capAmount,
  checkAddressForm,
  checkManualDeposit,
  checkMemo,
  checkTransfer,
  checkWithdraw,
  cnyValue,
  convertedValue,
  depositTargets,
  distinctItems,
  hasProblems,
  holdingOf,
  listedIn,
  sumDecimals,
  totalAssets,
  trimZeros,
  usdtCnyRate,
  walletRows,
  withdrawFee,
  withdrawReceived,
  type BalanceFields,
} from '.';

function item(currency: number, name: string, flags: Partial<BalanceFields>, balances: Partial<BalanceFields> = {}): BalanceFields {
  return {
    id: currency,
    currency,
    currency_name: name,
    is_legal: 0,
    is_match: 0,
    is_micro: 0,
    is_lever: 0,
    usdt_price: '1',
    legal_balance: '0',
    lock_legal_balance: '0',
    change_balance: '0',
    lock_change_balance: '0',
    micro_balance: '0',
    lock_micro_balance: '0',
    lever_balance: '0',
    lock_lever_balance: '0',
    ...flags,
    ...balances,
  };
}

const btc = item(1, 'BTC', { is_legal: 1, is_match: 1, is_micro: 0, is_lever: 1 }, { change_balance: '0.123456789', lock_change_balance: '0.5', legal_balance: '2' });
const usdt = item(3, 'USDT', { is_legal: 1, is_match: 1, is_micro: 1, is_lever: 1 }, { micro_balance: '10', lock_micro_balance: '1.25' });
const tsr = item(40, 'TSR', { is_legal: 0, is_match: 1, is_micro: 1, is_lever: 0 });
const fiatOnly = item(50, 'CNYT', { is_legal: 1, is_match: 0, is_micro: 0, is_lever: 0 });
const all = [btc, usdt, tsr, fiatOnly];

describe('wallet row filters', () => {
  it('lists legal rows by is_legal, change rows by is_match, micro rows by is_legal and is_micro, lever rows by is_lever', () => {
    expect(all.filter((i) => listedIn(i, 'legal')).map((i) => i.currency_name)).toEqual(['BTC', 'USDT', 'CNYT']);
    expect(all.filter((i) => listedIn(i, 'change')).map((i) => i.currency_name)).toEqual(['BTC', 'USDT', 'TSR']);
    // TSR has is_micro but not is_legal: not in the micro list
    expect(all.filter((i) => listedIn(i, 'micro')).map((i) => i.currency_name)).toEqual(['USDT']);
    expect(all.filter((i) => listedIn(i, 'lever')).map((i) => i.currency_name)).toEqual(['BTC', 'USDT']);
  });

  it('reads the balances of the wallet asked for, cut to 8 decimals', () => {
    expect(balanceOf(btc, 'change')).toEqual({ available: '0.123456789', frozen: '0.5' });
    expect(walletRows(all, 'change')[0]).toEqual({ currency: 1, name: 'BTC', available: '0.12345678', frozen: '0.50000000', usdtPrice: '1' });
    expect(walletRows(all, 'micro')).toEqual([{ currency: 3, name: 'USDT', available: '10.00000000', frozen: '1.25000000', usdtPrice: '1' }]);
  });

  it('keeps each currency once across the groups', () => {
    const groups = [{ balance: [btc, usdt] }, { balance: [usdt, tsr] }];
    expect(distinctItems(groups).map((i) => i.currency)).toEqual([1, 3, 40]);
  });
});

describe('totals', () => {
  it('adds the four wallets exactly (no float drift)', () => {
    const list = {
      legal_wallet: { usdt_totle: '0.10' },
      change_wallet: { usdt_totle: '0.20' },
      lever_wallet: { usdt_totle: '12345678901234.01' },
      micro_wallet: { usdt_totle: '0.07' },
    };
    expect(totalAssets(list)).toBe('12345678901234.38');
    expect(0.1 + 0.2).not.toBe(0.3); // what floats would have done
    expect(sumDecimals(['0.1', '0.2'], 2)).toBe('0.30');
    expect(sumDecimals(['1.999', 'x', ''], 2)).toBe('1.99');
  });

  it("adds a currency's holding across the four wallets", () => {
    expect(holdingOf(btc)).toBe('2.62345678');
    expect(holdingOf(usdt)).toBe('11.25000000');
  });

  it('converts available + frozen at the USDT price, cut to 2 decimals', () => {
    expect(convertedValue('0.5', '0.25', '60000.129')).toBe('45000.09');
    expect(convertedValue('1.23456789', '0', '1')).toBe('1.23');
    expect(convertedValue('0', '0', '100')).toBe('0.00');
  });

  it('reads CNY per USDT from the USDT pair with the highest price', () => {
    const rate = usdtCnyRate([
      { legal_name: 'USDT', now_price: '2', cny_price: '14.40' },
      { legal_name: 'USDT', now_price: '60000', cny_price: '432000.00' },
      { legal_name: 'BTC', now_price: '0.1', cny_price: '1' },
    ]);
    expect(rate).toBe('7.20000000');
    expect(cnyValue('100.55', rate)).toBe('723.96');
    expect(usdtCnyRate([{ legal_name: 'BTC', now_price: '1', cny_price: '1' }])).toBeNull();
    expect(cnyValue('1', null)).toBeNull();
  });
});

describe('amounts', () => {
  it("'all' writes the available balance without trailing zeros, capped at the input maximum", () => {
    expect(allAmount('12.50000000')).toBe('12.5');
    expect(allAmount('0.123456789')).toBe('0.12345678');
    expect(allAmount('300')).toBe('300');
    expect(allAmount('123456789.5')).toBe('99999999');
    expect(allAmount('0')).toBe('0');
    expect(allAmount('')).toBe('0');
    expect(trimZeros('3.000')).toBe('3');
    expect(trimZeros('100')).toBe('100');
  });

  it('caps a typed amount at 99999999', () => {
    expect(capAmount('100000000')).toBe('99999999');
    expect(capAmount('99999999.5')).toBe('99999999');
    expect(capAmount('5.5')).toBe('5.5');
    expect(capAmount('')).toBe('');
  });

  it('computes a flat fee (change account) and a percent fee (micro account)', () => {
    expect(withdrawFee('10', '0.5', 'flat')).toBe('0.50000000');
    expect(withdrawFee('', '0.5', 'flat')).toBe('0.50000000');
    expect(withdrawFee('250', '2', 'percent')).toBe('5.00000000');
    expect(withdrawFee('0.00000099', '1', 'percent')).toBe('0.00000000');
    expect(withdrawFee('abc', '1', 'percent')).toBe('0.00000000');
  });

  it('received = amount − fee, never below zero', () => {
    expect(withdrawReceived('10', '0.5')).toBe('9.50000000');
    expect(withdrawReceived('0.3', '0.5')).toBe('0.00000000');
    expect(withdrawReceived('', '0.5')).toBe('0.00000000');
    expect(withdrawReceived('0.1', '0.00000001')).toBe('0.09999999');
  });
});

describe('checks', () => {
  const transfer = { amount: '150', available: '200', currencyId: 3, from: 'change' as const, to: 'lever' as const };

  it('checks a transfer in the server order', () => {
    expect(checkTransfer(transfer)).toBeUndefined();
    expect(checkTransfer({ ...transfer, currencyId: 0 })).toEqual({ local: 'chooseCurrency' });
    expect(checkTransfer({ ...transfer, to: 'change' })).toBe('cannot transfer to the same wallet');
    expect(checkTransfer({ ...transfer, amount: ' ' })).toBe('enter amount');
    expect(checkTransfer({ ...transfer, amount: '0' })).toBe('amount must be greater than zero');
    expect(checkTransfer({ ...transfer, amount: '100000000', available: '1000000000' })).toBe('amount above maximum');
    expect(checkTransfer({ ...transfer, amount: '99.99' })).toBe('minimum amount not met');
    expect(checkTransfer({ ...transfer, amount: '50', to: 'legal' })).toBeUndefined();
    expect(checkTransfer({ ...transfer, amount: '50', currencyId: 1 })).toBeUndefined();
    expect(checkTransfer({ ...transfer, amount: '200.00000001' })).toBe('insufficient balance');
  });

  const withdraw = { address: 'T9x', amount: '20', min: '10', max: '1000', available: '50', fee: '1', password: '123456' };

  it('checks a withdrawal', () => {
    expect(hasProblems(checkWithdraw(withdraw))).toBe(false);
    expect(checkWithdraw({ ...withdraw, address: '' }).address).toEqual({ local: 'chooseAddress' });
    expect(checkWithdraw({ ...withdraw, amount: '' }).amount).toBe('enter amount');
    expect(checkWithdraw({ ...withdraw, amount: '9.9' }).amount).toBe('minimum amount not met');
    expect(checkWithdraw({ ...withdraw, amount: '1001', available: '5000' }).amount).toBe('amount above maximum');
    expect(checkWithdraw({ ...withdraw, amount: '51', max: '0' }).amount).toBe('insufficient balance');
    expect(checkWithdraw({ ...withdraw, amount: '1', min: '0' }).amount).toBe('minimum amount not met');
    expect(checkWithdraw({ ...withdraw, password: '' }).password).toBe('enter password');
    expect(checkWithdraw({ ...withdraw, password: '12345a' }).password).toBe('payment password must be 6 digits');
  });

  it('checks a manual deposit', () => {
    const ok = { hash: '0xabc', source: 'TAbc', amount: '5', proofUrl: '/media/p.png' };
    expect(hasProblems(checkManualDeposit(ok))).toBe(false);
    expect(checkManualDeposit({ hash: '', source: ' ', amount: '0', proofUrl: '' })).toEqual({
      hash: { local: 'enterHash' },
      source: { local: 'enterSource' },
      amount: 'amount must be greater than zero',
      proof: { local: 'uploadProof' },
    });
    expect(checkManualDeposit({ ...ok, amount: '' }).amount).toBe('enter amount');
  });

  it('checks an address like the server: no spaces (not trimmed), memo letters and digits', () => {
    expect(hasProblems(checkAddressForm({ currencyId: 3, address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', memo: '' }))).toBe(false);
    expect(checkAddressForm({ currencyId: 0, address: 'x', memo: '' }).currency).toEqual({ local: 'chooseCurrency' });
    expect(checkAddressForm({ currencyId: 1, address: '', memo: '' }).address).toBe('enter address');
    expect(checkAddressForm({ currencyId: 1, address: ' bc1q', memo: '' }).address).toEqual({ local: 'addressSpaces' });
    expect(checkAddressForm({ currencyId: 1, address: 'bc1 q', memo: '' }).address).toEqual({ local: 'addressSpaces' });
    expect(checkMemo('')).toBeUndefined();
    expect(checkMemo('Tag123')).toBeUndefined();
    expect(checkMemo('tag 1')).toEqual({ local: 'memoFormat' });
    expect(checkMemo('tag-1')).toEqual({ local: 'memoFormat' });
  });
});

describe('deposits and withdrawals', () => {
  it('allows deposits of BTC, USDT, ETH, USDC and withdrawals of BTC, USDT, ETH only', () => {
    const names = ['BTC', 'USDT', 'ETH', 'USDC', 'TSR'];
    expect(names.filter((name, id) => canDeposit({ id, name }))).toEqual(['BTC', 'USDT', 'ETH', 'USDC']);
    expect(names.filter((name, id) => canWithdraw({ id, name }))).toEqual(['BTC', 'USDT', 'ETH']);
    const flags = [{ id: 2, can_deposit: 0 as const, can_withdraw: 0 as const }, { id: 4, can_deposit: 1 as const, can_withdraw: 1 as const }];
    expect(canDeposit({ id: 2, name: 'ETH' }, flags)).toBe(false);
    // a server flag never opens a currency outside the deposit currencies
    expect(canDeposit({ id: 4, name: 'TSR' }, flags)).toBe(false);
  });

  const reply = {
    btc: 'bc1qbtc',
    eth: '0xEth',
    usdt: 'TTron',
    erc: '0xEth',
    usdt_erc20: '0xEth',
    list: [
      { id: 3, type: 'USDT-TRC20', address: 'TTronList' },
      { id: 3, type: 'USDT-ERC20', address: '0xErcList' },
      { id: 30, type: 'USDC-ERC20', address: '0xUsdc' },
    ],
  };

  it('finds the deposit address of each currency and network', () => {
    expect(depositTargets(reply, { id: 3, name: 'USDT' })).toEqual([
      { network: 'trc20', address: 'TTronList' },
      { network: 'erc20', address: '0xErcList' },
    ]);
    expect(depositTargets({ ...reply, list: [] }, { id: 3, name: 'USDT' })).toEqual([
      { network: 'trc20', address: 'TTron' },
      { network: 'erc20', address: '0xEth' },
    ]);
    expect(depositTargets(reply, { id: 1, name: 'BTC' })).toEqual([{ network: '', address: 'bc1qbtc' }]);
    expect(depositTargets(reply, { id: 30, name: 'USDC' })).toEqual([{ network: '', address: '0xUsdc' }]);
    expect(depositTargets(reply, { id: 40, name: 'TSR' })).toEqual([]);
  });

  it('offers the saved addresses of the currency, for USDT of the chosen network', () => {
    const saved = [
      { id: 1, currency: 3, active: 1 },
      { id: 2, currency: 3, active: 0 },
      { id: 3, currency: 1, active: 0 },
    ];
    expect(addressesFor(saved, { id: 3, name: 'USDT' }, 'trc20').map((a) => a.id)).toEqual([1]);
    expect(addressesFor(saved, { id: 3, name: 'USDT' }, 'erc20').map((a) => a.id)).toEqual([2]);
    expect(addressesFor(saved, { id: 1, name: 'BTC' }, 'trc20').map((a) => a.id)).toEqual([3]);
  });
});

describe('statusName', () => {
  it('names record status codes as the protocol numbers them, unknown codes as the fallback', () => {
    expect(statusName(WITHDRAWAL_STATUS, 6, 'applying')).toBe('in_station');
    expect(statusName(WITHDRAWAL_STATUS, 5, 'applying')).toBe('rejected');
    expect(statusName(WITHDRAWAL_STATUS, 99, 'applying')).toBe('applying');
    expect(statusName(DEPOSIT_STATUS, 0, 'rejected')).toBe('pending');
  });
});
