import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CODE_TTL_MINUTES, MAX_CODES_PER_ADDRESS_PER_HOUR, MAX_FAILED_CHECKS } from '../../src/modules/verification/policy';
import { latestCode } from '../support/accounts';
import { apiClient } from '../support/client';
import { manualClock } from '../support/clock';
import { productionEnv } from '../support/production-env';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

describeEachDatabase('verification codes', (kind) => {
  const time = manualClock();
  let app: TestApp;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    app = await createTestApp(kind, { clock: time.clock });
    api = apiClient(app);
  });
  afterAll(() => app.close());

  it('mails a 6-digit code through nodemailer into the development outbox, localized', async () => {
    const sent = await api.post('sms_mail', { user_string: 'New.User@Example.com', type: 'register', lan: 'zh' });
    expect(sent.body).toEqual({ type: 'ok', message: 'operation ok' });
    const outbox = await api.get<{ to: string; subject: string; text: string; code: string; created_at: string }[]>('dev/outbox', {
      to: 'new.user@example.com',
    });
    const [mail] = outbox.body.message;
    expect(mail?.to).toBe('new.user@example.com');
    expect(mail?.code).toMatch(/^\d{6}$/);
    expect(mail?.text).toContain(mail?.code ?? 'missing');
    expect(mail?.subject).toMatch(/验证码/);
  });

  it('stores only a digest of the code, keyed by a salt of its own row', async () => {
    const code = await latestCode(api, 'new.user@example.com');
    const rows = await app.db.query<{ code_hash: string; code_salt: string }>(
      `select code_hash, code_salt from verification_codes where address = 'new.user@example.com'`,
    );
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.code_salt).toMatch(/^[0-9a-f]{32}$/);
    expect(row?.code_hash).not.toContain(code);
    // a plain digest of the code's inputs is read back by trying a million codes: not stored
    const plain = createHash('sha256').update(`new.user@example.com\nregister\n${code}`).digest('hex');
    expect(row?.code_hash).not.toBe(plain);
    const keyed = createHmac('sha256', Buffer.from(row?.code_salt ?? '', 'hex')).update(`new.user@example.com\nregister\n${code}`).digest('hex');
    expect(row?.code_hash).toBe(keyed);
  });

  it('refuses a second code within 60 seconds, and sends one after', async () => {
    await api.post('sms_mail', { user_string: 'resend@example.com' });
    expect((await api.post('sms_mail', { user_string: 'resend@example.com' })).body).toEqual({
      type: 'error',
      message: 'please wait 60 seconds before requesting another code',
    });
    time.advanceSeconds(61);
    expect((await api.post('sms_mail', { user_string: 'resend@example.com' })).body.type).toBe('ok');
  });

  it(`caps codes per address at ${MAX_CODES_PER_ADDRESS_PER_HOUR} an hour`, async () => {
    const answers: string[] = [];
    for (let i = 0; i <= MAX_CODES_PER_ADDRESS_PER_HOUR; i += 1) {
      answers.push((await api.post<string>('sms_mail', { user_string: 'flood@example.com' })).body.message);
      time.advanceSeconds(61);
    }
    expect(answers.slice(0, MAX_CODES_PER_ADDRESS_PER_HOUR).every((answer) => answer === 'operation ok')).toBe(true);
    expect(answers.at(-1)).toBe('too many codes requested, try again later');
  });

  it('caps codes per client address across recipients', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 31; i += 1) {
      answers.push((await api.post<string>('sms_mail', { user_string: `spray${i}@example.com` })).body.message);
    }
    expect(answers).toContain('too many codes requested, try again later');
    time.advanceMinutes(61);
  });

  it('sends SMS codes to mainland numbers and refuses malformed numbers', async () => {
    expect((await api.post('sms_send', { user_string: '13912345678', country_code: '+86' })).body.type).toBe('ok');
    expect(await latestCode(api, '+8613912345678')).toMatch(/^\d{6}$/);
    expect((await api.post('sms_send', { user_string: '12345' })).body.message).toBe(
      'the e-mail or phone number does not match the rules',
    );
    expect((await api.post('sms_send', { user_string: '07700 900123', country_code: '44' })).body.type).toBe('ok');
    expect(await latestCode(api, '+447700900123')).toMatch(/^\d{6}$/);
  });

  it('refuses a malformed e-mail, a missing address and an unknown purpose', async () => {
    expect((await api.post('sms_mail', { user_string: 'not-an-email' })).body.message).toBe('the e-mail account does not match the rules');
    expect((await api.post('sms_mail', {})).body.message).toBe('enter the e-mail');
    expect((await api.post('sms_mail', { user_string: 'x@example.com', type: 'steal' })).body.message).toBe('parameter error');
  });

  it('checks each purpose against the account: register needs a new one, forget an existing one', async () => {
    expect((await api.post('sms_mail', { user_string: 'demo@tessera.example', type: 'register' })).body.message).toBe(
      'account already exists',
    );
    expect((await api.post('sms_mail', { user_string: 'ghost@example.com', type: 'forget' })).body.message).toBe('user not found');
    expect((await api.post('sms_mail', { user_string: 'demo@tessera.example', type: 'bind' })).body.message).toBe(
      'e-mail already bound to another account',
    );
  });

  it('checks a code without spending it, only for its own address and purpose', async () => {
    time.advanceMinutes(2);
    await api.post('sms_mail', { user_string: 'check@example.com' });
    const code = await latestCode(api, 'check@example.com');
    const check = (fields: Record<string, string>) => api.post('user/check_email', { user_string: 'check@example.com', ...fields });
    expect((await check({ email_code: code })).body.type).toBe('ok');
    expect((await check({ email_code: code })).body.type).toBe('ok');
    expect((await check({ email_code: code, type: 'forget' })).body.message).toBe('wrong verification code');
    expect((await api.post('user/check_email', { user_string: 'other@example.com', email_code: code })).body.message).toBe(
      'wrong verification code',
    );
    expect((await check({})).body.message).toBe('enter the verification code');
    expect((await api.post('user/check_email', { email_code: code })).body.message).toBe('send a verification code first');
  });

  it('burns a code after repeated wrong guesses', async () => {
    time.advanceMinutes(2);
    await api.post('sms_mail', { user_string: 'guess@example.com' });
    const code = await latestCode(api, 'guess@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_FAILED_CHECKS; i += 1) {
      expect((await api.post('user/check_email', { user_string: 'guess@example.com', email_code: wrong })).body.message).toBe(
        'wrong verification code',
      );
    }
    expect((await api.post('user/check_email', { user_string: 'guess@example.com', email_code: code })).body.message).toBe(
      'wrong verification code',
    );
  });

  it('counts wrong guesses sent in parallel: no more than the limit are checked, then the code is dead', async () => {
    time.advanceMinutes(2);
    await api.post('sms_mail', { user_string: 'parallel@example.com' });
    const code = await latestCode(api, 'parallel@example.com');
    const wrong = (index: number) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0');
    const replies = await Promise.all(
      Array.from({ length: 4 * MAX_FAILED_CHECKS }, (_, index) =>
        api.post<string>('user/check_email', { user_string: 'parallel@example.com', email_code: wrong(index) }),
      ),
    );
    expect(replies.every((reply) => reply.body.message === 'wrong verification code')).toBe(true);
    const rows = await app.db.query<{ failed_checks: number }>(
      'select failed_checks from verification_codes where address = $1',
      ['parallel@example.com'],
    );
    expect(rows).toEqual([{ failed_checks: MAX_FAILED_CHECKS }]);
    expect((await api.post('user/check_email', { user_string: 'parallel@example.com', email_code: code })).body.message).toBe(
      'wrong verification code',
    );
  });

  it(`expires a code after ${CODE_TTL_MINUTES} minutes`, async () => {
    time.advanceMinutes(2);
    await api.post('sms_mail', { user_string: 'late@example.com' });
    const code = await latestCode(api, 'late@example.com');
    time.advanceMinutes(CODE_TTL_MINUTES + 1);
    expect((await api.post('user/check_email', { user_string: 'late@example.com', email_code: code })).body.message).toBe(
      'verification code expired',
    );
  });

  it('checks phone codes with check_mobile', async () => {
    time.advanceMinutes(2);
    await api.post('sms_send', { user_string: '13800138000' });
    const code = await latestCode(api, '+8613800138000');
    expect((await api.post('user/check_mobile', { user_string: '13800138000', mobile_code: code })).body.type).toBe('ok');
  });
});

describeEachDatabase('the development outbox and chain watcher in production', (kind) => {
  it('do not exist', async () => {
    const app = await createTestApp(kind, { env: productionEnv() });
    try {
      const reply = await app.http.inject({ method: 'GET', url: '/api/dev/outbox?to=demo@tessera.example' });
      expect(reply.statusCode).toBe(404);
      const chain = await app.http.inject({ method: 'POST', url: '/api/dev/chain/deposit', payload: { network: 'btc' } });
      expect(chain.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
