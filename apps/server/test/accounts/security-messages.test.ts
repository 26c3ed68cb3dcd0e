import { LANGS } from '@tessera/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { renderSecurityMessage, SECURITY_EVENTS } from '../../src/modules/messaging/security-templates';
import { bindAuthenticator, latestCode, operatorCall, operatorToken, registerUser } from '../support/accounts';
import { manualClock } from '../support/clock';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

interface OutboxMessage {
  to: string;
  channel: string;
  subject: string;
  text: string;
  code: string;
}

describe('security message texts', () => {
  it('renders every event in every language, with the lock code, and the link only when the site is known', () => {
    for (const lang of LANGS) {
      for (const event of SECURITY_EVENTS) {
        const input = { event, antiPhishingCode: 'Blue42', detail: 'X', time: '2026-11-22 08:00:00', ip: '192.0.2.1', device: 'Firefox 121 on Linux', lockCode: 'aaaa-bbbb', lockPath: '/lockAccount' };
        const withLink = renderSecurityMessage(lang, { ...input, lockLink: 'https://ex.example/lockAccount?code=aaaa-bbbb' });
        expect(withLink.subject.length).toBeGreaterThan(5);
        expect(withLink.body.startsWith('Blue42') || withLink.body.split('\n')[0]?.includes('Blue42')).toBe(true);
        expect(withLink.body).toContain('https://ex.example/lockAccount?code=aaaa-bbbb');
        expect(withLink.body).toContain('192.0.2.1');
        const codeOnly = renderSecurityMessage(lang, input);
        expect(codeOnly.body).not.toContain('https://');
        expect(codeOnly.body).toContain('aaaa-bbbb');
        expect(codeOnly.body).toContain('/lockAccount');
        expect(renderSecurityMessage(lang, { ...input, antiPhishingCode: '' }).body).not.toContain('Blue42');
      }
    }
  });
});

describeEachDatabase('security messages, the anti-phishing code and the lock code', (kind) => {
  const time = manualClock();
  let user: { token: string; id: number };
  const outbox = async (address: string) => (await api.get<OutboxMessage[]>('dev/outbox', { to: address })).body.message;
  const securityMessages = async (address: string) => (await outbox(address)).filter((message) => !/^\d{6}$/.test(message.code));

  const { app, api } = useTestApp(kind, { clock: time.clock });
  beforeAll(async () => {
    user = await registerUser(api, 'owner@example.com');
  });

  it('takes an anti-phishing code of 4 to 20 letters or digits, and tells the owner', async () => {
    for (const bad of ['abc', 'has space', 'x'.repeat(21), 'émoji']) {
      expect((await api.post('safe/anti_phishing', { anti_phishing_code: bad }, { token: user.token })).body).toEqual({
        type: 'error',
        message: 'anti-phishing code must be 4 to 20 letters or digits',
      });
    }
    expect((await api.post('safe/anti_phishing', { anti_phishing_code: 'Blue42' }, { token: user.token })).body.type).toBe('ok');
    expect((await api.get<{ anti_phishing_code: string }>('safe/protection', {}, { token: user.token })).body.message.anti_phishing_code).toBe('Blue42');
    const [message] = await securityMessages('owner@example.com');
    expect(message?.subject).toBe('Your Tessera anti-phishing code was changed');
    expect(message?.text.split('\n')[0]).toBe('Anti-phishing code: Blue42');
  });

  it('sends nothing for a login from a device and address the account used before', async () => {
    const before = (await securityMessages('owner@example.com')).length;
    await api.login('owner@example.com', 'secret123');
    expect(await securityMessages('owner@example.com')).toHaveLength(before);
  });

  it('mails a login from a new device, in the browser’s language, with the anti-phishing code and a lock link', async () => {
    await api.post('user/login', { user_string: 'owner@example.com', password: 'secret123' }, { headers: { 'user-agent': FIREFOX, 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' }, remoteAddress: '203.0.113.77' });
    const [message] = await securityMessages('owner@example.com');
    expect(message?.subject).toBe('您的 Tessera 账户有新的登录');
    expect(message?.text).toContain('防钓鱼码：Blue42');
    expect(message?.text).toContain('203.0.113.77');
    expect(message?.text).toContain('Firefox 121 on Linux');
    expect(message?.code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){4}$/);
    expect(message?.text).toContain(`/lockAccount?code=${message?.code}`);
    // a new address alone is news too
    await api.post('user/login', { user_string: 'owner@example.com', password: 'secret123' }, { remoteAddress: '203.0.113.78' });
    expect((await securityMessages('owner@example.com'))[0]?.text).toContain('203.0.113.78');
  });

  it('puts the anti-phishing code in the verification codes sent to the account', async () => {
    await api.post('sms_mail', { user_string: 'owner@example.com', type: 'forgets' });
    const [mail] = await outbox('owner@example.com');
    expect(mail?.code).toMatch(/^\d{6}$/);
    expect(mail?.text.split('\n')[0]).toBe('Anti-phishing code: Blue42');
  });

  it('tells the owner of a fund password, an authenticator, a withdrawal and a password change', async () => {
    const subjects = async () => (await securityMessages('owner@example.com')).map((message) => message.subject);
    await api.post('safe/set_pay_password', { password: '123456', repassword: '123456', login_password: 'secret123' }, { token: user.token });
    expect((await subjects())[0]).toBe('Your Tessera fund password was changed');
    const { secret } = await bindAuthenticator(api, user.token, time.clock());
    expect((await subjects())[0]).toBe('An authenticator was bound to your Tessera account');
    await app.core.execute({ kind: 'adjust', key: `fund:${user.id}`, userId: user.id, currencyId: 3, wallet: 'change', amount: parseAmount('100'), reason: 'deposit', reference: 'test' });
    time.advanceSeconds(30);
    const { generate } = await import('otplib');
    const code = await generate({ secret, epoch: Math.floor(time.clock().getTime() / 1000) });
    expect((await api.post('wallet/out', { currency: 3, number: '25.5', address: TRON_ADDRESS, pay_password: '123456', google_code: code }, { token: user.token })).body.type).toBe('ok');
    const [withdrawal] = await securityMessages('owner@example.com');
    expect(withdrawal?.subject).toBe('Withdrawal request on your Tessera account');
    expect(withdrawal?.text).toContain(`25.5 USDT → ${TRON_ADDRESS}`);
    time.advanceMinutes(2);
    await api.post('sms_mail', { user_string: 'owner@example.com', type: 'forget' });
    const resetCode = await latestCode(api, 'owner@example.com');
    time.advanceSeconds(30);
    const google = await generate({ secret, epoch: Math.floor(time.clock().getTime() / 1000) });
    expect((await api.post('safe/update_password', { code: resetCode, password: 'secret123', repassword: 'secret123', google_code: google }, { token: user.token })).body.type).toBe('ok');
    expect((await subjects())[0]).toBe('Your Tessera login password was changed');
  });

  it('locks the account at once with the lock code: every session ends, the code works once, only an operator unlocks', async () => {
    const other = await api.login('owner@example.com', 'secret123').catch(() => '');
    const [message] = await securityMessages('owner@example.com');
    const lockCode = message?.code ?? '';
    expect((await api.post('user/lock_account', { code: 'aaaa-bbbb-cccc-dddd-eeee' })).body).toEqual({ type: 'error', message: 'lock code not valid' });
    expect((await api.post('user/lock_account', {})).body).toEqual({ type: 'error', message: 'lock code not valid' });
    // typed by hand, in capitals and without dashes, it is the same code
    expect((await api.post('user/lock_account', { code: lockCode.toUpperCase().replaceAll('-', '') })).body).toEqual({ type: 'ok', message: 'operation ok' });
    expect((await api.get('user/info', {}, { token: user.token })).body.type).toBe('999');
    if (other) expect((await api.get('user/info', {}, { token: other })).body.type).toBe('999');
    const refused = await api.post<string>('user/login', { user_string: 'owner@example.com', password: 'secret123' });
    expect(refused.body.message).toMatch(/^account locked, 9999-12-31/);
    expect((await api.post('user/lock_account', { code: lockCode })).body).toEqual({ type: 'error', message: 'lock code not valid' });
    const operator = operatorCall(app, await operatorToken(app));
    expect((await operator('POST', `/users/${user.id}/unlock`)).status).toBe(200);
    expect((await api.post<string>('user/login', { user_string: 'owner@example.com', password: 'secret123' })).body.message).toBe('google code required');
  });

  it('sends an account that has only a phone its security messages by SMS; an e-mail bound to it is reported to the phone', async () => {
    await api.post('user/login', { user_string: '10000000001', password: 'demo1234' });
    const token = (await api.post<string>('user/login', { user_string: '10000000001', password: 'demo1234' }, { headers: { 'user-agent': FIREFOX } })).body.message;
    const [sms] = await securityMessages('+8610000000001');
    expect(sms).toMatchObject({ channel: 'sms', subject: 'New login to your Tessera account' });
    time.advanceMinutes(2);
    await api.post('sms_mail', { user_string: 'phone-owner@example.com', type: 'bind' });
    const code = await latestCode(api, 'phone-owner@example.com');
    expect((await api.post('safe/email', { email: 'phone-owner@example.com', code }, { token })).body.type).toBe('ok');
    const [bound] = await securityMessages('+8610000000001');
    expect(bound).toMatchObject({ channel: 'sms', subject: 'An e-mail address was bound to your Tessera account' });
    expect(bound?.text).toContain('phone-owner@example.com');
  });
});
