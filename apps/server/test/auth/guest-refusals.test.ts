import { expect, it } from 'vitest';
import { apiClient } from '../support/client';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

const GUEST_REFUSED = { type: 'error', message: 'guest accounts cannot do this' };

/** The guest account is shared: whatever one guest saves, every later guest would see. */
describeEachDatabase('the shared guest account keeps nothing', (kind) => {

  const { app } = useTestApp(kind);

  it('refuses payment methods, withdrawal addresses and UpStart subscriptions, and stores nothing', async () => {
    const api = apiClient(app);
    const login = await api.post<string>('user/login', { is_vistor: 1 });
    expect(login.body.type).toBe('ok');
    const token = login.body.message;
    const guestId = (await api.get<{ id: number }>('user/info', {}, { token })).body.message.id;
    const cash = { real_name: 'Li Lei', bank_name: 'ICBC', bank_account: '6222020200112233445' };
    expect((await api.post('user/cash_save', cash, { token })).body).toEqual(GUEST_REFUSED);
    expect((await api.post('wallet/addaddress', { currency_id: 3, address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', active: '1', notes: 'mine' }, { token })).body).toEqual(GUEST_REFUSED);
    expect((await api.post('user/up_order', { id: 1, amount: '100' }, { token })).body).toEqual(GUEST_REFUSED);
    const [cashRows] = await app.db.query<{ n: number }>('select count(*)::int as n from user_cash_info where user_id = $1', [guestId]);
    expect(cashRows!.n).toBe(0);
  });
});
