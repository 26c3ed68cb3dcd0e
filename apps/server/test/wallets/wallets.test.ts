import { beforeAll, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

interface Item {
  currency: number;
  currency_name: string;
  change_balance: string;
  lever_balance: string;
  lock_change_balance: string;
  usdt_price: string;
}
interface Group {
  balance: Item[];
  usdt_totle: string;
  totle?: string;
}
interface Wallets {
  change_wallet: Group;
  legal_wallet: Group;
  lever_wallet: Group;
  micro_wallet: Group;
  is_open_CTbi: number;
  systembi: string;
}

describeEachDatabase('wallets', (kind) => {
  let token: string;
  const { app, api } = useTestApp(kind, { audit: true });
  beforeAll(async () => {
    token = await api.login('demo@tessera.example', 'demo1234');
    const userId = (await api.get<{ id: number }>('user/info', {}, { token })).body.message.id;
    await app.core.execute({ kind: 'adjust', key: 'wallet-fund-usdt', userId, currencyId: 3, wallet: 'change', amount: parseAmount('1000.123456789'), reason: 'adjustment', reference: 'test' });
    await app.core.execute({ kind: 'adjust', key: 'wallet-fund-btc', userId, currencyId: 1, wallet: 'legal', amount: parseAmount('0.5'), reason: 'adjustment', reference: 'test' });
  });

  it('lists the four wallets with every field, filtered by the currency flags, by GET and POST', async () => {
    const viaGet = await api.get<Wallets>('wallet/list', { user_id: 1 }, { token });
    const viaPost = await api.post<Wallets>('wallet/list', {}, { token });
    expect(viaGet.body).toEqual(viaPost.body);
    const wallets = viaGet.body.message;
    expect(wallets.systembi).toBe('TSR');
    expect(wallets.is_open_CTbi).toBe(1);
    const usdt = wallets.change_wallet.balance.find((item) => item.currency === 3);
    expect(usdt).toMatchObject({ currency_name: 'USDT', change_balance: '1000.12345678', lock_change_balance: '0.00000000', usdt_price: '1.00000000' });
    expect(Object.keys(usdt ?? {})).toEqual(
      expect.arrayContaining(['currency_type', 'is_legal', 'is_match', 'is_micro', 'is_lever', 'legal_balance', 'lock_legal_balance', 'micro_balance', 'lock_micro_balance', 'lever_balance', 'lock_lever_balance']),
    );
    expect(wallets.change_wallet.usdt_totle).toBe('1000.12');
    expect(wallets.lever_wallet.balance.map((item) => item.currency)).toEqual([3]);
    expect(wallets.legal_wallet.balance.map((item) => item.currency).sort((a, b) => a - b)).toEqual([1, 2, 3, 30]);
    expect(Number(wallets.legal_wallet.totle)).toBeGreaterThan(Number(wallets.legal_wallet.usdt_totle));
    expect((await api.get('wallet/list')).body.type).toBe('999');
  });

  it('transfers between wallets with either payload form, and keeps a history', async () => {
    expect((await api.post('wallet/change', { number: '150', currency_id: 3, from_field: 'change', to_field: 'lever' }, { token })).body).toEqual({ type: 'ok', message: 'operation ok' });
    expect((await api.post('wallet/change', { number: '0.1', currency_id: 1, type: 'legal_micro' }, { token })).body.type).toBe('ok');
    const wallets = (await api.get<Wallets>('wallet/list', {}, { token })).body.message;
    expect(wallets.lever_wallet.balance[0]?.lever_balance).toBe('150.00000000');
    const history = await api.post<{ list: { type: string; number: string; currency_name: string }[]; data: unknown[]; total: number }>('wallet/hzhistory', {}, { token });
    expect(history.body.message.total).toBe(2);
    expect(history.body.message.data).toEqual(history.body.message.list);
    expect(history.body.message.list[0]).toMatchObject({ type: 'legal_micro', number: '0.10000000', currency_name: 'BTC' });
    expect(history.body.message.list[1]).toMatchObject({ type: 'change_lever', number: '150.00000000', currency_name: 'USDT' });
  });

  it('refuses bad transfers with their catalogue messages, changing nothing', async () => {
    const transfer = async (fields: Record<string, string | number>) => (await api.post<string>('wallet/change', fields, { token })).body.message;
    const base = { currency_id: 3, from_field: 'change', to_field: 'micro' };
    expect(await transfer({ ...base })).toBe('enter amount');
    expect(await transfer({ ...base, number: '0' })).toBe('amount must be greater than zero');
    expect(await transfer({ ...base, number: 'ten' })).toBe('parameter error');
    expect(await transfer({ ...base, number: '100000000' })).toBe('amount above maximum');
    expect(await transfer({ ...base, number: '99999999' })).toBe('insufficient balance');
    expect(await transfer({ ...base, to_field: 'lever', number: '99.99' })).toBe('minimum amount not met');
    expect(await transfer({ ...base, to_field: 'change', number: '1' })).toBe('cannot transfer to the same wallet');
    expect(await transfer({ ...base, to_field: 'savings', number: '1' })).toBe('parameter error');
    expect(await transfer({ ...base, currency_id: 999, number: '1' })).toBe('currency not found');
    const history = await api.post<{ total: number }>('wallet/hzhistory', {}, { token });
    expect(history.body.message.total).toBe(2);
  });

  it("refuses a transfer finer than the currency's precision: USDT has 6 decimals", async () => {
    const transfer = async (number: string) =>
      (await api.post<string>('wallet/change', { number, currency_id: 3, from_field: 'change', to_field: 'legal' }, { token })).body.message;
    const before = (await api.get<Wallets>('wallet/list', {}, { token })).body.message.change_wallet.balance.find((item) => item.currency === 3);
    expect(await transfer('0.0000001')).toBe('amount has more decimals than the currency allows');
    expect(await transfer('1.1234567')).toBe('amount has more decimals than the currency allows');
    const unchanged = (await api.get<Wallets>('wallet/list', {}, { token })).body.message.change_wallet.balance.find((item) => item.currency === 3);
    expect(unchanged?.change_balance).toBe(before?.change_balance);
    expect(await transfer('0.000001')).toBe('operation ok');
    expect(await transfer('1.123456')).toBe('operation ok');
    // BTC has 8
    const btc = await api.post<string>('wallet/change', { number: '0.00000001', currency_id: 1, from_field: 'legal', to_field: 'micro' }, { token });
    expect(btc.body.message).toBe('operation ok');
  });

  it('refuses a transfer into or out of a wallet the currency does not live in', async () => {
    const transfer = async (fields: Record<string, string | number>) => (await api.post<string>('wallet/change', fields, { token })).body.message;
    const refused = 'this currency cannot be moved between these wallets';
    // BTC is not a leverage currency, USDC not a micro one
    expect(await transfer({ number: '0.01', currency_id: 1, from_field: 'legal', to_field: 'lever' })).toBe(refused);
    expect(await transfer({ number: '0.01', currency_id: 1, type: 'lever_legal' })).toBe(refused);
    expect(await transfer({ number: '1', currency_id: 30, from_field: 'legal', to_field: 'micro' })).toBe(refused);
    await app.db.query('update currencies set is_lever = false where id = 3');
    try {
      expect(await transfer({ number: '1', currency_id: 3, from_field: 'lever', to_field: 'change' })).toBe(refused);
      expect(await transfer({ number: '100', currency_id: 3, from_field: 'change', to_field: 'lever' })).toBe(refused);
    } finally {
      await app.db.query('update currencies set is_lever = true where id = 3');
    }
    const wallets = (await api.get<Wallets>('wallet/list', {}, { token })).body.message;
    expect(wallets.lever_wallet.balance[0]?.lever_balance).toBe('150.00000000');
  });

  it('refuses transfers by the guest account', async () => {
    const guest = (await api.post<string>('user/login', { is_vistor: 1 })).body.message;
    expect((await api.post('wallet/change', { number: '1', currency_id: 3, from_field: 'change', to_field: 'micro' }, { token: guest })).body.message).toBe(
      'guest accounts cannot do this',
    );
  });
});
