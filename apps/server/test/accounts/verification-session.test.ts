import { expect, it } from 'vitest';
import { MARK_MINUTES, MAX_FAILED_CHECKS } from '../../src/modules/verification/policy';
import { codeAddress, latestCode } from '../support/accounts';
import { manualClock } from '../support/clock';
import { CookieJar } from '../support/cookie-jar';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

/**
 * The two-step forms of old clients: sms_mail / sms_send set a verification cookie, a check that
 * names only the code marks it, and register or forget then come with an empty code.
 */
describeEachDatabase('verification by browser session', (kind) => {
  const time = manualClock();
  const { app, api } = useTestApp(kind, { clock: time.clock });

  /** Calls with the browser's cookies, keeping what the reply sets. */
  const browser = (jar = new CookieJar()) => ({
    jar,
    async post<T = string>(path: string, fields: Record<string, string | number>) {
      const reply = await api.post<T>(path, fields, { headers: jar.headers() });
      jar.store(reply.headers['set-cookie'] as string | string[] | undefined);
      return reply.body;
    },
  });

  async function sendCode(client: ReturnType<typeof browser>, account: string, type = '') {
    time.advanceSeconds(61);
    const channel = account.includes('@') ? 'sms_mail' : 'sms_send';
    expect(await client.post(channel, { user_string: account, type, country_code: '86' })).toEqual({ type: 'ok', message: 'operation ok' });
    return latestCode(api, codeAddress(account));
  }

  const registration = (account: string, code = '') => ({
    type: account.includes('@') ? 'email' : 'mobile',
    user_string: account,
    code,
    password: 'secret123',
    re_password: 'secret123',
    extension_code: '',
    country_code: '86',
  });

  it('sets an httpOnly, SameSite=Lax verification cookie of a random id when a code is sent, and keeps it', async () => {
    const jar = new CookieJar();
    time.advanceSeconds(61);
    const reply = await api.post('sms_mail', { user_string: 'cookie@example.com' });
    const [cookie] = jar.store(reply.headers['set-cookie'] as string | string[] | undefined);
    expect(cookie?.name).toBe('tessera_verification');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.value).not.toContain(await latestCode(api, 'cookie@example.com'));
    expect(Object.fromEntries(cookie?.attributes ?? [])).toMatchObject({ httponly: '', samesite: 'Lax', path: '/api' });
    // a browser that has one keeps it
    time.advanceSeconds(61);
    const again = await api.post('sms_mail', { user_string: 'cookie@example.com' }, { headers: jar.headers() });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('registers by e-mail: check_email with only the code, then register with an empty code', async () => {
    const client = browser();
    const code = await sendCode(client, 'twostep@example.com');
    expect(await client.post('user/check_email', { email_code: code })).toEqual({ type: 'ok', message: 'operation ok' });
    expect(await client.post('user/register', registration('twostep@example.com'))).toEqual({ type: 'ok', message: 'operation ok' });
    expect(await api.login('twostep@example.com', 'secret123')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // the mark is used up, and so is the code it stood for
    const [row] = await app.db.query<{ used: boolean }>(
      `select used_at is not null as used from verification_codes where address = 'twostep@example.com' order by id desc limit 1`,
    );
    expect(row?.used).toBe(true);
  });

  it('registers by phone: check_mobile with only the code, then register with an empty code', async () => {
    const client = browser();
    const code = await sendCode(client, '13911112222');
    expect(await client.post('user/check_mobile', { mobile_code: code })).toEqual({ type: 'ok', message: 'operation ok' });
    expect(await client.post('user/register', registration('13911112222'))).toEqual({ type: 'ok', message: 'operation ok' });
  });

  it('resets a password the same way, once: the mark and its code are spent', async () => {
    const owner = browser();
    const code = await sendCode(owner, 'twostep@example.com', 'forget');
    // the check names neither address nor purpose: both come from the code sent under the cookie
    expect(await owner.post('user/check_email', { email_code: code })).toEqual({ type: 'ok', message: 'operation ok' });
    const reset = { account: 'twostep@example.com', code: '', password: 'newpass123', repassword: 'newpass123' };
    expect(await owner.post('user/forget', reset)).toEqual({ type: 'ok', message: 'operation ok' });
    expect(await owner.post('user/forget', { ...reset, password: 'other12345', repassword: 'other12345' })).toEqual({
      type: 'error',
      message: 'enter the verification code',
    });
    expect(await owner.post('user/forget', { ...reset, code, password: 'other12345', repassword: 'other12345' })).toEqual({
      type: 'error',
      message: 'wrong verification code',
    });
    expect(await api.login('twostep@example.com', 'newpass123')).toBeTruthy();
  });

  it('gives the mark to no other browser, no other address and no other purpose', async () => {
    const owner = browser();
    const code = await sendCode(owner, 'owner@example.com');
    expect(await owner.post('user/check_email', { email_code: code })).toMatchObject({ type: 'ok' });
    const refused = { type: 'error', message: 'enter the verification code' };
    // another browser, or none
    expect(await browser().post('user/register', registration('owner@example.com'))).toEqual(refused);
    expect((await api.post('user/register', registration('owner@example.com'))).body).toEqual(refused);
    // another address
    expect(await owner.post('user/register', registration('someone-else@example.com'))).toEqual(refused);
    // the owner's mark still works once
    expect(await owner.post('user/register', registration('owner@example.com'))).toMatchObject({ type: 'ok' });
  });

  it('keeps marks to their purpose: a checked register code does not reset a password', async () => {
    const client = browser();
    await sendCode(client, 'owner@example.com', 'forget');
    const registerCode = await sendCode(client, 'purpose@example.com');
    // the register code of another address, checked by name: it marks (purpose@, register) only
    expect(await client.post('user/check_email', { user_string: 'purpose@example.com', email_code: registerCode })).toMatchObject({ type: 'ok' });
    expect(await client.post('user/forget', { account: 'owner@example.com', code: '', password: 'newpass123', repassword: 'newpass123' })).toEqual({
      type: 'error',
      message: 'enter the verification code',
    });
    expect(await client.post('user/register', registration('purpose@example.com'))).toMatchObject({ type: 'ok' });
  });

  it(`keeps a mark for ${MARK_MINUTES} minutes`, async () => {
    const client = browser();
    const code = await sendCode(client, 'slow@example.com');
    expect(await client.post('user/check_email', { email_code: code })).toMatchObject({ type: 'ok' });
    time.advanceMinutes(MARK_MINUTES);
    expect(await client.post('user/register', registration('slow@example.com'))).toEqual({ type: 'error', message: 'enter the verification code' });
  });

  it('counts wrong codes checked through the cookie against the code: guessing burns it', async () => {
    const client = browser();
    const code = await sendCode(client, 'guessed@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_FAILED_CHECKS; i += 1) {
      expect(await client.post('user/check_email', { email_code: wrong })).toEqual({ type: 'error', message: 'wrong verification code' });
    }
    expect(await client.post('user/check_email', { email_code: code })).toEqual({ type: 'error', message: 'wrong verification code' });
    expect(await client.post('user/register', registration('guessed@example.com'))).toEqual({ type: 'error', message: 'enter the verification code' });
    expect(await client.post('user/register', registration('guessed@example.com', code))).toEqual({ type: 'error', message: 'wrong verification code' });
  });

  it('asks for a code first when the cookie sent none by that channel', async () => {
    const client = browser();
    await sendCode(client, 'mailonly@example.com');
    expect(await client.post('user/check_mobile', { mobile_code: '123456' })).toEqual({ type: 'error', message: 'send a verification code first' });
    expect(await client.post('user/check_email', { email_code: '' })).toEqual({ type: 'error', message: 'enter the verification code' });
  });

  it('still registers with the code in the call, cookie or not', async () => {
    const client = browser();
    const code = await sendCode(client, 'classic@example.com');
    expect((await api.post('user/register', registration('classic@example.com', code))).body).toEqual({ type: 'ok', message: 'operation ok' });
  });
});
