import { beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { DEV_OPERATOR_SECRET_KEY } from '../../src/config';
import { SecretBox } from '../../src/lib/secret-box';
import { authenticatorCode, bindAuthenticator, latestCode, registerUser } from '../support/accounts';
import { manualClock } from '../support/clock';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const PASSWORD = 'secret123';

describeEachDatabase('authenticator codes (google_bind)', (kind) => {
  const time = manualClock();
  /** the next code of the authenticator: the clock moves one 30-second step first, so it is a step never used */
  const nextCode = async (secret: string) => {
    time.advanceSeconds(30);
    return authenticatorCode(secret, time.clock());
  };
  const login = (account: string, fields: Record<string, string> = {}) => api.post<string>('user/login', { user_string: account, password: PASSWORD, type: 1, ...fields });

  const { app, api } = useTestApp(kind, { audit: true, clock: time.clock });

  describe('an account that never binds an authenticator (an old client)', () => {
    it('logs in, withdraws and changes settings without google_code, as before; the strength bar is unchanged', async () => {
      const user = await registerUser(api, 'plain@example.com');
      const center = await api.get<{ google_bind: number; strength: number }>('user/center', {}, { token: user.token });
      expect(center.body.message).toMatchObject({ google_bind: 0, strength: 50 });
      expect((await login('plain@example.com')).body.type).toBe('ok');
      expect((await api.post('safe/set_pay_password', { password: '123456', repassword: '123456', login_password: PASSWORD }, { token: user.token })).body.type).toBe('ok');
      await app.core.execute({ kind: 'adjust', key: `fund:${user.id}`, userId: user.id, currencyId: 3, wallet: 'change', amount: parseAmount('100'), reason: 'deposit', reference: 'test' });
      const out = await api.post('wallet/out', { currency: 3, number: '20', address: TRON_ADDRESS, pay_password: '123456' }, { token: user.token });
      expect(out.body).toEqual({ type: 'ok', message: 'withdrawal request submitted, awaiting review' });
      expect((await api.post('wallet/addaddress', { currency_id: 3, address: ETH_ADDRESS, active: '0' }, { token: user.token })).body.type).toBe('ok');
    });
  });

  describe('binding', () => {
    let user: { token: string; id: number };
    beforeAll(async () => {
      user = await registerUser(api, 'binder@example.com');
    });

    it('hands out one secret with its otpauth address and QR code, the same one until it is bound', async () => {
      const first = await api.get<{ secret: string; otpauth_url: string; qr_code: string }>('google_bind/secret', {}, { token: user.token });
      expect(first.body.type).toBe('ok');
      expect(first.body.message.secret).toMatch(/^[A-Z2-7]{16,}$/);
      expect(first.body.message.otpauth_url).toContain(`secret=${first.body.message.secret}`);
      expect(first.body.message.otpauth_url).toMatch(/^otpauth:\/\/totp\/Tessera:binder%40example\.com\?/);
      expect(first.body.message.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
      const again = await api.get<{ secret: string }>('google_bind/secret', {}, { token: user.token });
      expect(again.body.message.secret).toBe(first.body.message.secret);
    });

    it('refuses a bind without a code or with a wrong one, or without the login password (a session alone may not bind), and binds nothing', async () => {
      const bind = (fields: Record<string, string>) => api.post('google_bind/bind', { login_password: PASSWORD, ...fields }, { token: user.token });
      expect((await bind({})).body).toEqual({ type: 'error', message: 'google code required' });
      expect((await bind({ code: '000000' })).body).toEqual({ type: 'error', message: 'wrong google code' });
      expect((await bind({ code: 'abc' })).body).toEqual({ type: 'error', message: 'wrong google code' });
      const secret = (await api.get<{ secret: string }>('google_bind/secret', {}, { token: user.token })).body.message.secret;
      const right = await authenticatorCode(secret, time.clock());
      expect((await bind({ code: right, login_password: '' })).body).toEqual({ type: 'error', message: 'enter password' });
      expect((await bind({ code: right, login_password: 'not-the-password' })).body).toEqual({ type: 'error', message: 'wrong login password' });
      expect((await api.get<{ google_bind: number }>('user/center', {}, { token: user.token })).body.message.google_bind).toBe(0);
    });

    it('binds with a current code, answers ten one-time recovery codes, and counts in the strength bar', async () => {
      const { recoveryCodes } = await bindAuthenticator(api, user.token, time.clock());
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      const center = await api.get<{ google_bind: number; strength: number }>('user/center', {}, { token: user.token });
      expect(center.body.message).toMatchObject({ google_bind: 1, strength: 75 });
      expect((await api.get('google_bind/secret', {}, { token: user.token })).body).toEqual({ type: 'error', message: 'google authenticator already bound' });
      const protection = await api.get<{ google_bind: number; recovery_codes_left: number }>('safe/protection', {}, { token: user.token });
      expect(protection.body.message).toMatchObject({ google_bind: 1, recovery_codes_left: 10 });
    });

    it('keeps the secret sealed at rest, bound to its user, and recovery codes only as digests', async () => {
      const secret = (await app.db.query<{ secret: string }>('select secret from user_second_factors where user_id = $1', [user.id]))[0]?.secret ?? '';
      expect(secret).toMatch(/^v1\./);
      const box = new SecretBox(app.config.OPERATOR_SECRET_KEY);
      expect(app.config.OPERATOR_SECRET_KEY).toBe(DEV_OPERATOR_SECRET_KEY);
      expect(box.open(secret, `user-totp:${user.id}`)).toMatch(/^[A-Z2-7]+$/);
      expect(() => box.open(secret, `user-totp:${user.id + 1}`)).toThrow();
      const digests = await app.db.query<{ code_hash: string }>('select code_hash from user_recovery_codes where user_id = $1', [user.id]);
      expect(digests).toHaveLength(10);
      for (const row of digests) expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('is refused to the guest account', async () => {
      const guest = await api.post<string>('user/login', { is_vistor: 1 });
      const token = guest.body.message;
      expect((await api.get('google_bind/secret', {}, { token })).body).toEqual({ type: 'error', message: 'guest accounts cannot do this' });
      expect((await api.post('google_bind/bind', { code: '123456' }, { token })).body).toEqual({ type: 'error', message: 'guest accounts cannot do this' });
      expect((await api.post('google_bind/unbind', { code: '123456' }, { token })).body).toEqual({ type: 'error', message: 'guest accounts cannot do this' });
    });
  });

  describe('a bound account', () => {
    let user: { token: string; id: number };
    let secret: string;
    let recoveryCodes: string[];
    beforeAll(async () => {
      user = await registerUser(api, 'guarded@example.com');
      await api.post('safe/set_pay_password', { password: '123456', repassword: '123456', login_password: PASSWORD }, { token: user.token });
      await app.core.execute({ kind: 'adjust', key: `fund:${user.id}`, userId: user.id, currencyId: 3, wallet: 'change', amount: parseAmount('1000'), reason: 'deposit', reference: 'test' });
      ({ secret, recoveryCodes } = await bindAuthenticator(api, user.token, time.clock()));
    });

    it('cannot log in without a right code: the password alone is answered with a catalogue key, no session opens', async () => {
      const sessions = async () => (await app.db.query('select id from sessions where user_id = $1', [user.id])).length;
      const before = await sessions();
      expect((await login('guarded@example.com')).body).toEqual({ type: 'error', message: 'google code required' });
      expect((await login('guarded@example.com', { google_code: '000000' })).body).toEqual({ type: 'error', message: 'wrong google code' });
      // an old client asking for the message in a language gets a readable text
      const readable = await api.post('user/login', { user_string: 'guarded@example.com', password: PASSWORD }, { lang: 'en' });
      expect(readable.body.message).toBe('Please enter the code from your authenticator app');
      expect(await sessions()).toBe(before);
      const right = await login('guarded@example.com', { google_code: await nextCode(secret) });
      expect(right.body.type).toBe('ok');
      expect(await sessions()).toBe(before + 1);
    });

    it('accepts a code once: the same code again, within its window, is refused', async () => {
      const code = await nextCode(secret);
      expect((await login('guarded@example.com', { google_code: code })).body.type).toBe('ok');
      expect((await login('guarded@example.com', { google_code: code })).body).toEqual({ type: 'error', message: 'wrong google code' });
      // nor does the same code pass twice when both arrive at once
      time.advanceSeconds(30);
      const once = await authenticatorCode(secret, time.clock());
      const replies = await Promise.all([1, 2, 3].map(() => login('guarded@example.com', { google_code: once })));
      expect(replies.filter((reply) => reply.body.type === 'ok')).toHaveLength(1);
      // and a code of an earlier step than one used is refused too
      const previous = await authenticatorCode(secret, time.clock(), -30);
      expect((await login('guarded@example.com', { google_code: previous })).body).toEqual({ type: 'error', message: 'wrong google code' });
    });

    it('cannot withdraw without a right code; with one, the withdrawal is applied', async () => {
      const withdraw = (fields: Record<string, string>) =>
        api.post('wallet/out', { currency: 3, number: '20', address: TRON_ADDRESS, pay_password: '123456', ...fields }, { token: user.token });
      const balance = () => app.core.read.balance({ userId: user.id, currencyId: 3, wallet: 'change' }).available;
      const before = balance();
      expect((await withdraw({})).body).toEqual({ type: 'error', message: 'google code required' });
      expect((await withdraw({ google_code: '111111' })).body).toEqual({ type: 'error', message: 'wrong google code' });
      expect(balance()).toBe(before);
      expect((await withdraw({ google_code: await nextCode(secret) })).body.type).toBe('ok');
      expect(balance()).toBe(before - parseAmount('20'));
    });

    it('cannot change the login password without a right code, and the e-mail code is not spent by the refusal', async () => {
      await api.post('sms_mail', { user_string: 'guarded@example.com', type: 'forget' });
      const code = await latestCode(api, 'guarded@example.com');
      const change = (fields: Record<string, string>) =>
        api.post('safe/update_password', { code, password: 'newpass123', repassword: 'newpass123', ...fields }, { token: user.token });
      expect((await change({})).body).toEqual({ type: 'error', message: 'google code required' });
      expect((await change({ google_code: '222222' })).body).toEqual({ type: 'error', message: 'wrong google code' });
      expect((await change({ google_code: await nextCode(secret) })).body.type).toBe('ok');
      expect((await api.post('user/login', { user_string: 'guarded@example.com', password: 'newpass123', google_code: await nextCode(secret) })).body.type).toBe('ok');
      time.advanceMinutes(2);
      await api.post('sms_mail', { user_string: 'guarded@example.com', type: 'forget' });
      const back = await latestCode(api, 'guarded@example.com');
      expect((await change({ code: back, password: PASSWORD, repassword: PASSWORD, google_code: await nextCode(secret) })).body.type).toBe('ok');
    });

    it('cannot reset the fund password or add a withdrawal address without a right code', async () => {
      time.advanceMinutes(2);
      await api.post('sms_mail', { user_string: 'guarded@example.com', type: 'forgets' });
      const code = await latestCode(api, 'guarded@example.com');
      const reset = (fields: Record<string, string>) => api.post('safe/reset_pay_password', { code, password: '654321', repassword: '654321', ...fields }, { token: user.token });
      expect((await reset({})).body).toEqual({ type: 'error', message: 'google code required' });
      expect((await reset({ google_code: await nextCode(secret) })).body.type).toBe('ok');

      const add = (fields: Record<string, string>) => api.post('wallet/addaddress', { currency_id: 3, address: ETH_ADDRESS, active: '0', ...fields }, { token: user.token });
      expect((await add({})).body).toEqual({ type: 'error', message: 'google code required' });
      expect((await add({ google_code: '333333' })).body).toEqual({ type: 'error', message: 'wrong google code' });
      expect((await api.post<unknown[]>('wallet/get_address', { currency: 3 }, { token: user.token })).body.message).toEqual([]);
      expect((await add({ google_code: await nextCode(secret) })).body.type).toBe('ok');
    });

    it('takes each recovery code once, in place of a code', async () => {
      const [first, second] = recoveryCodes;
      expect((await login('guarded@example.com', { google_code: first ?? '' })).body.type).toBe('ok');
      expect((await login('guarded@example.com', { google_code: first ?? '' })).body).toEqual({ type: 'error', message: 'wrong google code' });
      // typed in capitals and without the dash, it is the same code
      expect((await login('guarded@example.com', { google_code: (second ?? '').toUpperCase().replace('-', '') })).body.type).toBe('ok');
      const left = await api.get<{ recovery_codes_left: number }>('safe/protection', {}, { token: user.token });
      expect(left.body.message.recovery_codes_left).toBe(8);
    });

    it('backs off after five wrong codes like passwords: the next tries are refused unchecked, the right code too, until the wait ends', async () => {
      const right = await nextCode(secret);
      for (let index = 0; index < 5; index += 1) {
        expect((await login('guarded@example.com', { google_code: '444444' })).body.message).toBe('wrong google code');
      }
      expect((await login('guarded@example.com', { google_code: right })).body).toEqual({ type: 'error', message: 'too many wrong google codes, try again later' });
      // the wait is the account's: a withdrawal's code waits too
      expect((await api.post('wallet/out', { currency: 3, number: '20', address: TRON_ADDRESS, pay_password: '654321', google_code: right }, { token: user.token })).body.message).toBe(
        'too many wrong google codes, try again later',
      );
      time.advanceSeconds(30);
      expect((await login('guarded@example.com', { google_code: await authenticatorCode(secret, time.clock()) })).body.type).toBe('ok');
      // a right code starts the count again
      expect((await login('guarded@example.com', { google_code: '444444' })).body.message).toBe('wrong google code');
    });

    it('counts wrong codes sent at once: no more than five are checked', async () => {
      time.advanceMinutes(30);
      await login('guarded@example.com', { google_code: await authenticatorCode(secret, time.clock()) });
      const replies = await Promise.all(Array.from({ length: 12 }, () => login('guarded@example.com', { google_code: '555555' })));
      const messages = replies.map((reply) => reply.body.message);
      expect(messages.filter((message) => message === 'wrong google code')).toHaveLength(5);
      expect(messages.filter((message) => message === 'too many wrong google codes, try again later')).toHaveLength(7);
      time.advanceMinutes(30);
    });

    it('records every try in the login history: the missing and the wrong code, the right one', async () => {
      const history = await api.get<{ list: { result: string; ip: string; device: string }[]; total: number }>('user/login_history', { limit: 100 }, { token: user.token });
      const results = history.body.message.list.map((row) => row.result);
      expect(results).toContain('code required');
      expect(results).toContain('wrong code');
      expect(results).toContain('waiting');
      expect(results).toContain('ok');
      expect(history.body.message.list[0]?.ip).toBe('127.0.0.1');
    });

    it('unbinds only with a right code; then the password alone logs in again', async () => {
      expect((await api.post('google_bind/unbind', {}, { token: user.token })).body).toEqual({ type: 'error', message: 'google code required' });
      expect((await api.post('google_bind/unbind', { code: '666666' }, { token: user.token })).body).toEqual({ type: 'error', message: 'wrong google code' });
      time.advanceMinutes(5);
      expect((await api.post('google_bind/unbind', { code: await nextCode(secret) }, { token: user.token })).body.type).toBe('ok');
      expect((await api.post('google_bind/unbind', { code: await nextCode(secret) }, { token: user.token })).body).toEqual({ type: 'error', message: 'google authenticator not bound' });
      expect((await login('guarded@example.com')).body.type).toBe('ok');
      expect((await app.db.query('select id from user_recovery_codes where user_id = $1', [user.id])).length).toBe(0);
    });
  });
});
