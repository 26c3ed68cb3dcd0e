import { expect, it } from 'vitest';
import { codeAddress, latestCode, operatorCall, operatorToken, registerUser } from '../support/accounts';
import { manualClock } from '../support/clock';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

describeEachDatabase('registration', (kind) => {
  const time = manualClock();
  const { app, api } = useTestApp(kind, { clock: time.clock });

  async function codeFor(account: string): Promise<string> {
    time.advanceSeconds(61);
    await api.post(account.includes('@') ? 'sms_mail' : 'sms_send', { user_string: account });
    return latestCode(api, codeAddress(account));
  }

  it('registers with an e-mail code, links the inviter and gives the user an invite code', async () => {
    const inviter = await api.get<{ id: number }>('user/info', {}, { token: await api.login('demo@tessera.example', 'demo1234') });
    const { token } = await registerUser(api, 'alice@example.com', { inviteCode: 'demo0001' });
    const info = await api.get<{ account: string; email: string; extension_code: string }>('user/info', {}, { token });
    expect(info.body.message.account).toBe('alice@example.com');
    expect(info.body.message.email).toBe('alice@example.com');
    expect(info.body.message.extension_code).toMatch(/^[A-Z2-9]{8}$/);
    const rows = await app.db.query<{ parent_id: number }>('select parent_id from users where account = $1', ['alice@example.com']);
    expect(rows[0]?.parent_id).toBe(inviter.body.message.id);
  });

  it('registers with a phone code', async () => {
    const { token } = await registerUser(api, '13712345678');
    const info = await api.get<{ phone: string; email: string }>('user/info', {}, { token });
    expect(info.body.message).toMatchObject({ account: '+8613712345678', phone: '+8613712345678', email: '', country_code: '86' });
  });

  it('refuses every broken rule with its own message, in the order of the form', async () => {
    const code = await codeFor('bob@example.com');
    const base = { user_string: 'bob@example.com', code, password: 'secret123', re_password: 'secret123' };
    const refusal = async (fields: Record<string, string>) => (await api.post<string>('user/register', fields)).body.message;
    expect(await refusal({ ...base, user_string: '' })).toBe('enter account');
    expect(await refusal({ ...base, user_string: 'bob@' })).toBe('the e-mail or phone number does not match the rules');
    expect(await refusal({ ...base, code: '' })).toBe('enter the verification code');
    expect(await refusal({ ...base, password: '' })).toBe('enter password');
    expect(await refusal({ ...base, password: 'short', re_password: 'short' })).toBe('password must be 6 to 16 letters or digits');
    expect(await refusal({ ...base, password: 'has spaces 1', re_password: 'has spaces 1' })).toBe(
      'password must be 6 to 16 letters or digits',
    );
    expect(await refusal({ ...base, password: 'a'.repeat(17), re_password: 'a'.repeat(17) })).toBe(
      'password must be 6 to 16 letters or digits',
    );
    expect(await refusal({ ...base, re_password: '' })).toBe('repeat password');
    expect(await refusal({ ...base, re_password: 'secret124' })).toBe('two passwords differ');
    expect(await refusal({ ...base, extension_code: 'NOSUCHCD' })).toBe('invite code not found');
    expect(await refusal({ ...base, extension_code: 'GUEST000' })).toBe('invite code not found');
    expect(await refusal({ ...base, code: code === '000000' ? '111111' : '000000' })).toBe('wrong verification code');
    // nothing above created the account or spent the code
    expect(await refusal(base)).toBe('operation ok');
  });

  it('spends the code: it cannot register a second time', async () => {
    const code = await codeFor('carol@example.com');
    const fields = { user_string: 'carol@example.com', code, password: 'secret123', re_password: 'secret123' };
    expect((await api.post('user/register', fields)).body.type).toBe('ok');
    expect((await api.post('user/register', fields)).body.message).toBe('account already exists');
  });

  it('refuses a code sent to another address', async () => {
    const code = await codeFor('dave@example.com');
    const reply = await api.post('user/register', { user_string: 'erin@example.com', code, password: 'secret123', re_password: 'secret123' });
    expect(reply.body.message).toBe('wrong verification code');
  });

  it('requires an invite code when the operator says so, and the form can ask', async () => {
    expect((await api.get('cfg/register')).body.message).toEqual({ invite_code_required: 0 });
    const call = operatorCall(app, await operatorToken(app));
    expect((await call('PUT', '/settings/registration', { invite_code_required: true })).status).toBe(200);
    expect((await api.get('cfg/register')).body.message).toEqual({ invite_code_required: 1 });
    const code = await codeFor('frank@example.com');
    const fields = { user_string: 'frank@example.com', code, password: 'secret123', re_password: 'secret123' };
    expect((await api.post('user/register', fields)).body.message).toBe('invite code required');
    expect((await api.post('user/register', { ...fields, extension_code: 'DEMO0002' })).body.type).toBe('ok');
    await call('PUT', '/settings/registration', { invite_code_required: false });
  });

  it('lists countries with dialling codes, China first', async () => {
    const reply = await api.get<{ area_code: string; name_en: string }[]>('country/list');
    expect(reply.body.message[0]).toMatchObject({ area_code: '86' });
    expect(reply.body.message.length).toBeGreaterThan(50);
  });
});
