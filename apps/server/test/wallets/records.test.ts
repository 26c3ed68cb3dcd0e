import { beforeAll, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { registerUser } from '../support/accounts';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

interface LogItem {
  value: string;
  lock_value: string;
  info: string;
  reason: string;
  account: string;
  currency_name: string;
  created_time: string;
}
interface LogPage {
  list: LogItem[];
  page: number;
  pages: number;
  total: number;
}

describeEachDatabase('wallet records', (kind) => {
  let user: { token: string; id: number };

  const { app, api } = useTestApp(kind, { audit: true });
  beforeAll(async () => {
    user = await registerUser(api, 'records@example.com');
    await app.core.execute({ kind: 'adjust', key: 'records-fund', userId: user.id, currencyId: 3, wallet: 'change', amount: parseAmount('5000'), reason: 'deposit', reference: 'test' });
    for (let index = 0; index < 12; index += 1) {
      await api.post('wallet/change', { number: '100', currency_id: 3, from_field: 'change', to_field: index % 2 === 0 ? 'lever' : 'legal' }, { token: user.token });
    }
  });

  it('lists one wallet’s entries by legal_log type, translated, newest first and paged', async () => {
    const log = (type: string | number, extra: Record<string, string | number> = {}, lang = 'en') =>
      api.post<LogPage>('wallet/legal_log', { type, ...extra }, { token: user.token, lang });
    const change = (await log(2, { currency: 3 })).body.message;
    expect(change.total).toBe(13);
    expect(change.pages).toBe(2);
    expect(change.list).toHaveLength(10);
    expect(change.list[0]).toMatchObject({ value: '-100', lock_value: '0', reason: 'transfer', info: 'Transfer between wallets', account: 'change', currency_name: 'USDT' });
    expect(change.list[0]?.created_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await log(2, { currency: 3, page: 2 })).body.message.list.at(-1)).toMatchObject({ value: '5000', reason: 'deposit' });
    // a page past the end is empty and still says how many there are
    expect((await log(2, { currency: 3, page: 5 })).body.message).toMatchObject({ list: [], page: 5, pages: 2, total: 13 });
    expect((await log(3)).body.message.total).toBe(6);
    expect((await log('lever')).body.message.total).toBe(6);
    expect((await log(1)).body.message.list[0]).toMatchObject({ value: '100', account: 'legal' });
    expect((await log(4)).body.message.total).toBe(0);
    expect((await log(2, {}, 'zh')).body.message.list[0]?.info).toBe('账户划转');
    expect((await log(9, {}, '')).body.message).toBe('parameter error');
    expect((await api.post('wallet/legal_log', { type: 2 })).body.type).toBe('999');
  });

  it('lists every wallet’s entries in account/list, 20 a page, under data', async () => {
    const first = (await api.post<{ data: LogItem[]; total: number; pages: number }>('account/list', { limit: 20, page: 1 }, { token: user.token })).body.message;
    expect(first.total).toBe(25);
    expect(first.data).toHaveLength(20);
    expect(first.pages).toBe(2);
    const second = (await api.post<{ data: LogItem[] }>('account/list', { page: 2 }, { token: user.token })).body.message;
    expect(second.data).toHaveLength(5);
  });

  it('shows one wallet of one currency with its CNY value', async () => {
    const detail = await api.post<{ currency_name: string; balance: string; lock_balance: string; cny_price: string; type: string }>(
      'wallet/detail',
      { currency: 3, type: 'lever' },
      { token: user.token },
    );
    expect(detail.body.message).toMatchObject({ currency_name: 'USDT', balance: '600.00000000', lock_balance: '0.00000000', type: 'lever' });
    expect(Number(detail.body.message.cny_price)).toBeGreaterThan(600);
    expect((await api.post('wallet/detail', { currency: 3, type: 'savings' }, { token: user.token })).body.message).toBe('parameter error');
    expect((await api.post('wallet/detail', { currency: 999 }, { token: user.token })).body.message).toBe('currency not found');
  });

  it('lists the currencies of the assets area with what each allows', async () => {
    const list = (await api.get<{ id: number; name: string; can_deposit: number; can_withdraw: number }[]>('wallet/currencylist', {}, { token: user.token })).body.message;
    const allowed = (flag: 'can_deposit' | 'can_withdraw') => list.filter((item) => item[flag] === 1).map((item) => item.name).sort();
    expect(allowed('can_deposit')).toEqual(['BTC', 'ETH', 'USDC', 'USDT']);
    expect(allowed('can_withdraw')).toEqual(['BTC', 'ETH', 'USDT']);
  });
});
