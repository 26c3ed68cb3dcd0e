import { beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { newCommandKey } from '../../src/core/command-key';
import { authenticatorCode, bindAuthenticator, registerUser } from '../support/accounts';
import { manualClock } from '../support/clock';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

const SAVED_EARLY = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const SAVED_LATE = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const NEVER_SAVED = 'TLyqzVGLV1srkB7dToTAEqgDSfPtXRJZYH';

describeEachDatabase('withdrawal address allow-list', (kind) => {
  const time = manualClock();
  let user: { token: string; id: number };
  let secret: string;
  const code = async () => {
    time.advanceSeconds(30);
    return authenticatorCode(secret, time.clock());
  };
  const withdraw = async (address: string) =>
    (await api.post('wallet/out', { currency: 3, number: '20', address, pay_password: '123456', google_code: await code() }, { token: user.token })).body;
  const save = async (address: string) =>
    (await api.post('wallet/addaddress', { currency_id: 3, address, active: '1', google_code: await code() }, { token: user.token })).body;
  const protection = async () =>
    (await api.get<{ allow_list: number; allow_list_off_at: string | null; wait_hours: number }>('safe/protection', {}, { token: user.token })).body.message;

  const { app, api } = useTestApp(kind, { audit: true, clock: time.clock });
  beforeAll(async () => {
    user = await registerUser(api, 'allow@example.com');
    await api.post('safe/set_pay_password', { password: '123456', repassword: '123456', login_password: 'secret123' }, { token: user.token });
    await app.core.execute({ kind: 'adjust', key: `fund:${user.id}`, userId: user.id, currencyId: 3, wallet: 'change', amount: parseAmount('1000'), reason: 'deposit', reference: 'test' });
  });

  it('cannot be switched on without an authenticator, nor without its code', async () => {
    expect((await api.post('safe/allow_list', { on: 1 }, { token: user.token })).body).toEqual({ type: 'error', message: 'bind google authenticator first' });
    ({ secret } = await bindAuthenticator(api, user.token, time.clock()));
    expect((await api.post('safe/allow_list', { on: 1 }, { token: user.token })).body).toEqual({ type: 'error', message: 'google code required' });
    expect((await api.post('safe/allow_list', { on: 1, google_code: '000000' }, { token: user.token })).body).toEqual({ type: 'error', message: 'wrong google code' });
    expect((await api.post('safe/allow_list', { on: 2, google_code: await code() }, { token: user.token })).body).toEqual({ type: 'error', message: 'parameter error' });
    expect((await protection()).allow_list).toBe(0);
    // off, any valid address is accepted as before
    expect((await withdraw(NEVER_SAVED)).type).toBe('ok');
  });

  it('while on, refuses a withdrawal to an address that is not saved, and changes no balance', async () => {
    expect((await save(SAVED_EARLY)).type).toBe('ok');
    time.advanceSeconds(24 * 3600);
    const on = await api.post<{ allow_list: number }>('safe/allow_list', { on: 1, google_code: await code() }, { token: user.token });
    expect(on.body.type).toBe('ok');
    expect(on.body.message.allow_list).toBe(1);
    const before = app.core.read.balance({ userId: user.id, currencyId: 3, wallet: 'change' });
    expect(await withdraw(NEVER_SAVED)).toEqual({ type: 'error', message: 'address not in the allow-list' });
    expect(app.core.read.balance({ userId: user.id, currencyId: 3, wallet: 'change' })).toEqual(before);
    // an address saved a day ago has waited its time
    expect((await withdraw(SAVED_EARLY)).type).toBe('ok');
  });

  it('makes a newly saved address wait the waiting period (24 hours) before a withdrawal may use it', async () => {
    expect((await save(SAVED_LATE)).type).toBe('ok');
    const saved = await api.post<{ address: string; usable_at: string | null }[]>('wallet/get_address', { currency: 3 }, { token: user.token });
    const late = saved.body.message.find((row) => row.address === SAVED_LATE);
    expect(late?.usable_at).toBe(new Date(time.clock().getTime() + 24 * 3600_000).toISOString());
    expect(await withdraw(SAVED_LATE)).toEqual({ type: 'error', message: 'new address not usable yet' });
    time.advanceSeconds(23 * 3600);
    expect(await withdraw(SAVED_LATE)).toEqual({ type: 'error', message: 'new address not usable yet' });
    time.advanceSeconds(3600);
    expect((await withdraw(SAVED_LATE)).type).toBe('ok');
  });

  it('is checked by the core where withdrawals are decided, from the facts the command carries', async () => {
    const apply = (saved: { usableAt: Date | null } | null, offAt: Date | null) =>
      app.core.execute({
        kind: 'withdraw_apply',
        key: newCommandKey('withdraw'),
        userId: user.id,
        currencyId: 3,
        wallet: 'change',
        network: 'trc20',
        address: NEVER_SAVED,
        memo: '',
        amount: parseAmount('20'),
        fee: parseAmount('1'),
        recipientId: null,
        dayLimit: 0n,
        allowList: { offAt, saved },
      });
    const now = time.clock();
    await expect(apply(null, null)).rejects.toThrow('address not in the allow-list');
    await expect(apply({ usableAt: new Date(now.getTime() + 1000) }, null)).rejects.toThrow('new address not usable yet');
    // a switch-off already in effect lets it through; one still waiting does not
    await expect(apply(null, new Date(now.getTime() + 1000))).rejects.toThrow('address not in the allow-list');
    expect((await apply(null, now)).applied).toBe(true);
    expect((await apply({ usableAt: null }, null)).applied).toBe(true);
  });

  it('turns off only with a code, and only after the waiting period: until then it still refuses unsaved addresses', async () => {
    expect((await api.post('safe/allow_list', { on: 0 }, { token: user.token })).body).toEqual({ type: 'error', message: 'google code required' });
    const off = await api.post<{ allow_list: number; allow_list_off_at: string | null }>('safe/allow_list', { on: 0, google_code: await code() }, { token: user.token });
    const offAt = new Date(time.clock().getTime() + 24 * 3600_000).toISOString();
    expect(off.body.message).toMatchObject({ allow_list: 1, allow_list_off_at: offAt });
    // asking again does not move the time
    time.advanceSeconds(3600);
    await api.post('safe/allow_list', { on: 0, google_code: await code() }, { token: user.token });
    expect((await protection()).allow_list_off_at).toBe(offAt);
    expect(await withdraw(NEVER_SAVED)).toEqual({ type: 'error', message: 'address not in the allow-list' });
    time.advanceSeconds(23 * 3600);
    expect(await protection()).toMatchObject({ allow_list: 0, allow_list_off_at: null });
    expect((await withdraw(NEVER_SAVED)).type).toBe('ok');
  });

  it('switched on again, holds at once and drops a pending switch-off', async () => {
    await api.post('safe/allow_list', { on: 1, google_code: await code() }, { token: user.token });
    await api.post('safe/allow_list', { on: 0, google_code: await code() }, { token: user.token });
    expect((await protection()).allow_list_off_at).not.toBeNull();
    await api.post('safe/allow_list', { on: 1, google_code: await code() }, { token: user.token });
    time.advanceSeconds(48 * 3600);
    expect(await protection()).toMatchObject({ allow_list: 1, allow_list_off_at: null });
    expect(await withdraw(NEVER_SAVED)).toEqual({ type: 'error', message: 'address not in the allow-list' });
    const info = await api.post<{ allow_list: number }>('wallet/get_info', { currency: 3 }, { token: user.token });
    expect(info.body.message.allow_list).toBe(1);
  });

  describe('for the guest account', () => {
    it('refuses every protection call', async () => {
      const token = (await api.post<string>('user/login', { is_vistor: 1 })).body.message;
      const refused = { type: 'error', message: 'guest accounts cannot do this' };
      expect((await api.post('safe/allow_list', { on: 1, google_code: '123456' }, { token })).body).toEqual(refused);
      expect((await api.post('safe/anti_phishing', { anti_phishing_code: 'abcd1234' }, { token })).body).toEqual(refused);
      expect((await api.get('safe/protection', {}, { token })).body).toEqual(refused);
      expect((await api.get('user/sessions', {}, { token })).body).toEqual(refused);
      expect((await api.post('user/session_end', { id: 1 }, { token })).body).toEqual(refused);
      expect((await api.post('user/session_end_others', {}, { token })).body).toEqual(refused);
      expect((await api.get('user/login_history', {}, { token })).body).toEqual(refused);
    });
  });
});
