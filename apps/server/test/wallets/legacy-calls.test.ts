import { beforeAll, expect, it } from 'vitest';
import { chainRecordPage, marketCategory, walletCurrencyItem } from '@tessera/protocol';
import { parseAmount } from '../../src/core/amount';
import { registerUser } from '../support/accounts';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const ERC_HASH = `0x${'7'.repeat(64)}`;

interface ChainRecords {
  data: { kind: string; currency_name: string; value: string; fee: string; info: string; transaction_info: string; status: number; address: string; hash: string }[];
  page: number;
  pages: number;
  total: number;
}

/** Calls old clients make beyond the assets area's own: each answered, none a 404. */
describeEachDatabase('calls of old clients beyond the assets area', (kind) => {
  let user: { token: string; id: number };

  const { app, api } = useTestApp(kind);
  beforeAll(async () => {
    user = await registerUser(api, 'old-client@example.com');
    await api.post('safe/set_pay_password', { password: '123456', repassword: '123456', login_password: 'secret123' }, { token: user.token });
    await app.core.execute({ kind: 'adjust', key: `fund:${user.id}`, userId: user.id, currencyId: 3, wallet: 'change', amount: parseAmount('1000'), reason: 'deposit', reference: 'test' });
  });

  it('currency/type lists the market categories, 3 being crypto-currency', async () => {
    const reply = await api.get<unknown[]>('currency/type');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ type: 'ok', message: [{ value: 3, sort: 1 }] });
    expect(reply.body.message.every((item) => marketCategory.safeParse(item).success)).toBe(true);
  });

  it('currency/user_currency_list gives the transfer page every currency with its flags, to a logged-in user', async () => {
    const reply = await api.get<Record<string, unknown>[]>('currency/user_currency_list', {}, { token: user.token });
    expect(reply.body.type).toBe('ok');
    expect(reply.body.message.length).toBeGreaterThan(0);
    for (const item of reply.body.message) {
      expect(walletCurrencyItem.safeParse(item).success).toBe(true);
      for (const flag of ['is_legal', 'is_lever', 'is_match', 'is_micro']) expect([0, 1]).toContain(item[flag]);
    }
    expect(reply.body.message.find((item) => item.name === 'USDT')).toMatchObject({ is_legal: 1 });
    expect((await api.get('currency/user_currency_list')).body).toEqual({ type: '999', message: 'please log in' });
  });

  it('charge_mention/log lists the caller’s deposits and withdrawals together, newest first, paged', async () => {
    const empty = await api.get<ChainRecords>('charge_mention/log', { limit: 1000 }, { token: user.token });
    expect(empty.body).toEqual({ type: 'ok', message: { data: [], page: 1, pages: 0, total: 0 } });

    const addresses = (await api.post<{ eth: string }>('wallet/get_in_address', {}, { token: user.token })).body.message;
    const credited = await api.post('dev/chain/deposit', { network: 'erc20', address: addresses.eth, currency_id: 2, tx_hash: ERC_HASH, amount: '1.25' });
    expect(credited.body.type).toBe('ok');
    const sent = await api.post('wallet/out', { currency: 3, number: '50', address: TRON_ADDRESS, pay_password: '123456' }, { token: user.token });
    expect(sent.body.type).toBe('ok');

    const reply = await api.get<ChainRecords>('charge_mention/log', { limit: 1000 }, { token: user.token });
    expect(reply.body.type).toBe('ok');
    expect(chainRecordPage.safeParse(reply.body.message).success).toBe(true);
    const { data, total } = reply.body.message;
    expect(total).toBe(2);
    expect(data[0]).toMatchObject({
      kind: 'withdrawal',
      currency_name: 'USDT',
      value: '-50.00000000',
      info: 'Withdrawal',
      transaction_info: 'Pending',
      status: 1,
      address: TRON_ADDRESS,
    });
    expect(data[1]).toMatchObject({ kind: 'deposit', currency_name: 'ETH', value: '1.25000000', info: 'Deposit', transaction_info: 'Completed', status: 1, hash: ERC_HASH });

    const second = await api.get<ChainRecords>('charge_mention/log', { limit: 1, page: 2 }, { token: user.token, lang: 'zh' });
    expect(second.body.message).toMatchObject({ page: 2, pages: 2, total: 2 });
    expect(second.body.message.data.map((item) => [item.kind, item.info, item.transaction_info])).toEqual([['deposit', '充币', '已完成']]);
    // POST answers the same
    expect((await api.post<ChainRecords>('charge_mention/log', { limit: 1000 }, { token: user.token })).body).toEqual(reply.body);
  });

  it('charge_mention/log is private and shows nobody else’s records', async () => {
    expect((await api.get('charge_mention/log')).body).toEqual({ type: '999', message: 'please log in' });
    const stranger = await registerUser(api, 'stranger@example.com');
    expect((await api.get<ChainRecords>('charge_mention/log', {}, { token: stranger.token })).body.message.total).toBe(0);
  });
});
