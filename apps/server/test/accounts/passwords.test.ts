import { expect, it } from 'vitest';
import { ACCOUNT_BACKOFF } from '../../src/modules/auth/policy';
import { codeAddress, latestCode, registerUser } from '../support/accounts';
import { manualClock } from '../support/clock';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

describeEachDatabase('passwords, fund password and e-mail binding', (kind) => {
  const time = manualClock();
  const { app, api } = useTestApp(kind, { clock: time.clock });

  async function sendCode(channel: 'sms_mail' | 'sms_send', account: string, type: string): Promise<string> {
    time.advanceSeconds(61);
    const sent = await api.post(channel, { user_string: account, type });
    expect(sent.body.type).toBe('ok');
    return latestCode(api, codeAddress(account));
  }

  it('resets a forgotten login password with a code, ending every session', async () => {
    const { token } = await registerUser(api, 'forgetful@example.com', { password: 'oldpass123' });
    const code = await sendCode('sms_mail', 'forgetful@example.com', 'forget');
    // step one: the code checks without being spent
    expect((await api.post('user/check_email', { user_string: 'forgetful@example.com', email_code: code, type: 'forget' })).body.type).toBe('ok');
    const reset = await api.post('user/forget', { account: 'forgetful@example.com', code, password: 'newpass123', repassword: 'newpass123' });
    expect(reset.body).toEqual({ type: 'ok', message: 'operation ok' });
    expect((await api.get('user/info', {}, { token })).body.type).toBe('999');
    expect((await api.post('user/login', { user_string: 'forgetful@example.com', password: 'oldpass123' })).body.type).toBe('error');
    await api.login('forgetful@example.com', 'newpass123');
  });

  it('refuses a forgotten-password reset that breaks a rule', async () => {
    const code = await sendCode('sms_mail', 'forgetful@example.com', 'forget');
    const base = { account: 'forgetful@example.com', code, password: 'another123', repassword: 'another123' };
    const refusal = async (fields: Record<string, string>) => (await api.post<string>('user/forget', fields)).body.message;
    expect(await refusal({ ...base, account: '' })).toBe('enter account');
    expect(await refusal({ ...base, account: '12345678901' })).toBe('the e-mail or phone number does not match the rules');
    expect(await refusal({ ...base, code: '' })).toBe('enter the verification code');
    expect(await refusal({ ...base, password: '' })).toBe('enter password');
    expect(await refusal({ ...base, repassword: '' })).toBe('repeat password');
    expect(await refusal({ ...base, repassword: 'different1' })).toBe('two passwords differ');
    expect(await refusal({ ...base, account: 'nobody@example.com' })).toBe('user not found');
    expect(await refusal({ ...base, code: code === '000000' ? '111111' : '000000' })).toBe('wrong verification code');
  });

  it('changes the login password while logged in, keeping only the current session', async () => {
    const first = await registerUser(api, '13611112222', { password: 'oldpass123' });
    const other = await api.login('13611112222', 'oldpass123');
    const code = await sendCode('sms_send', '13611112222', 'forget');
    const reply = await api.post('safe/update_password', { code, password: 'newpass456', repassword: 'newpass456' }, { token: first.token });
    expect(reply.body.type).toBe('ok');
    expect((await api.get('user/info', {}, { token: first.token })).body.type).toBe('ok');
    expect((await api.get('user/info', {}, { token: other })).body.type).toBe('999');
    await api.login('13611112222', 'newpass456');
  });

  it('sets the fund password once, six digits only', async () => {
    const { token } = await registerUser(api, 'payer@example.com');
    const set = (password: string, repassword = password) =>
      api.post<string>('safe/set_pay_password', { password, repassword, login_password: 'secret123' }, { token });
    expect((await set('12345')).body.message).toBe('payment password must be 6 digits');
    expect((await set('abcdef')).body.message).toBe('payment password must be 6 digits');
    expect((await set('123456', '654321')).body.message).toBe('two passwords differ');
    expect((await set('123456')).body.type).toBe('ok');
    expect((await set('654321')).body.message).toBe('payment password already set');
    expect((await api.get<{ pay_password_set: number }>('user/center', {}, { token })).body.message.pay_password_set).toBe(1);
    const stored = await app.db.query<{ pay_password_hash: string }>('select pay_password_hash from users where account = $1', [
      'payer@example.com',
    ]);
    expect(stored[0]?.pay_password_hash.startsWith('$argon2id$')).toBe(true);
  });

  it('refuses the first fund password on a session alone, or with a wrong login password or code', async () => {
    const { token } = await registerUser(api, 'session-only@example.com');
    const set = (fields: Record<string, string>) =>
      api.post<string>('safe/set_pay_password', { password: '123456', repassword: '123456', ...fields }, { token });
    expect((await set({})).body.message).toBe('enter the login password or the verification code');
    expect((await set({ login_password: 'notmine123' })).body.message).toBe('wrong login password');
    expect((await set({ code: '000000' })).body.message).toBe('wrong verification code');
    const forLogin = await sendCode('sms_mail', 'session-only@example.com', 'forget');
    expect((await set({ code: forLogin })).body.message).toBe('wrong verification code');
    const stored = await app.db.query('select 1 from users where account = $1 and pay_password_hash is not null', ['session-only@example.com']);
    expect(stored).toHaveLength(0);
  });

  it('sets the first fund password proved with the login password', async () => {
    const { token } = await registerUser(api, 'by-password@example.com', { password: 'mylogin123' });
    const reply = await api.post('safe/set_pay_password', { password: '123456', repassword: '123456', login_password: 'mylogin123' }, { token });
    expect(reply.body).toEqual({ type: 'ok', message: 'operation ok' });
    expect((await api.get<{ pay_password_set: number }>('user/center', {}, { token })).body.message.pay_password_set).toBe(1);
  });

  it('sets the first fund password proved with a code sent to the account (type forgets), spending it', async () => {
    const { token } = await registerUser(api, '13711112222');
    const code = await sendCode('sms_send', '13711112222', 'forgets');
    const reply = await api.post('safe/set_pay_password', { password: '123456', repassword: '123456', code }, { token });
    expect(reply.body).toEqual({ type: 'ok', message: 'operation ok' });
    expect((await api.get<{ pay_password_set: number }>('user/center', {}, { token })).body.message.pay_password_set).toBe(1);
    const again = await api.post<string>('safe/reset_pay_password', { code, password: '654321', repassword: '654321' }, { token });
    expect(again.body.message).toBe('wrong verification code');
  });

  it('counts wrong login passwords sent to the fund password form like wrong logins', async () => {
    const { token } = await registerUser(api, 'guessing-holder@example.com');
    const set = (login_password: string) =>
      api.post<string>('safe/set_pay_password', { password: '123456', repassword: '123456', login_password }, { token, remoteAddress: '203.0.113.9' });
    for (let attempt = 0; attempt < ACCOUNT_BACKOFF.freeFailures; attempt += 1) {
      expect((await set(`guess${attempt}xx`)).body.message).toBe('wrong login password');
    }
    expect((await set('secret123')).body.message).toBe('too many login attempts, try again later');
  });

  it('resets the fund password with a code of its own purpose', async () => {
    const { token } = await registerUser(api, 'payer2@example.com');
    await api.post('safe/set_pay_password', { password: '111111', repassword: '111111', login_password: 'secret123' }, { token });
    const loginCode = await sendCode('sms_mail', 'payer2@example.com', 'forget');
    expect(
      (await api.post('safe/reset_pay_password', { code: loginCode, password: '222222', repassword: '222222' }, { token })).body.message,
    ).toBe('wrong verification code');
    const code = await sendCode('sms_mail', 'payer2@example.com', 'forgets');
    expect((await api.post('safe/reset_pay_password', { code, password: '222222', repassword: '222222' }, { token })).body.type).toBe('ok');
  });

  it('binds an e-mail once, proved by a code sent to it', async () => {
    const { token } = await registerUser(api, '13511112222');
    const code = await sendCode('sms_mail', 'phoneuser@example.com', 'bind');
    const bind = (fields: Record<string, string>) => api.post<string>('safe/email', fields, { token });
    expect((await bind({ code })).body.message).toBe('enter the e-mail');
    expect((await bind({ email: 'nope', code })).body.message).toBe('the e-mail account does not match the rules');
    expect((await bind({ email: 'phoneuser@example.com' })).body.message).toBe('enter the verification code');
    expect((await bind({ email: 'demo@tessera.example', code })).body.message).toBe('e-mail already bound to another account');
    expect((await bind({ email: 'phoneuser@example.com', code })).body.type).toBe('ok');
    const center = await api.get<{ email: string; strength: number }>('user/center', {}, { token });
    expect(center.body.message).toMatchObject({ email: 'phoneuser@example.com', strength: 75 });
    expect((await bind({ email: 'second@example.com', code })).body.message).toBe('binding cannot be changed once set');
  });

  it('refuses every security change to the guest account, and to callers without a token', async () => {
    const guest = (await api.post<string>('user/login', { is_vistor: 1 })).body.message;
    expect((await api.post('safe/set_pay_password', { password: '123456', repassword: '123456' }, { token: guest })).body.message).toBe(
      'guest accounts cannot do this',
    );
    expect((await api.post('safe/email', { email: 'g@example.com', code: '123456' }, { token: guest })).body.message).toBe(
      'guest accounts cannot do this',
    );
    expect((await api.post('safe/set_pay_password', { password: '123456', repassword: '123456' })).body).toEqual({
      type: '999',
      message: 'please log in',
    });
  });
});
