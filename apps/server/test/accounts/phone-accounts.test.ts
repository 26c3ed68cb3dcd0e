import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { GUEST_ACCOUNT } from '../../src/db/seed/demo-users';
import { latestCode } from '../support/accounts';
import { manualClock } from '../support/clock';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

const PHONE_MIGRATION = new URL('../../src/db/migrations/015_e164_phones_and_upload_references.sql', import.meta.url);

describeEachDatabase('phone accounts in E.164', (kind) => {
  const time = manualClock();
  const { app, api } = useTestApp(kind, { clock: time.clock });

  /** Registers a phone number typed as a user would, reading the code where it was sent. */
  async function registerPhone(userString: string, countryCode: string, sentTo: string, password: string) {
    time.advanceSeconds(61);
    const sent = await api.post<string>('sms_send', { user_string: userString, country_code: countryCode, type: 'register' });
    if (sent.body.type !== 'ok') return sent.body.message;
    const code = await latestCode(api, sentTo);
    const fields = { type: 'mobile', user_string: userString, country_code: countryCode, code, password, re_password: password };
    return (await api.post<string>('user/register', fields)).body.message;
  }

  const accountOf = async (account: string) =>
    (await app.db.query<{ phone: string; country_code: string }>('select phone, country_code from users where account = $1', [account]))[0];

  it('registers +1 2025550123 and +44 2025550123 as two accounts, each sent its code at its E.164 number', async () => {
    expect(await registerPhone('+1 2025550123', '86', '+12025550123', 'usa12345')).toBe('operation ok');
    expect(await registerPhone('+44 2025550123', '86', '+442025550123', 'gbr12345')).toBe('operation ok');
    expect(await accountOf('+12025550123')).toEqual({ phone: '+12025550123', country_code: '1' });
    expect(await accountOf('+442025550123')).toEqual({ phone: '+442025550123', country_code: '44' });
    // the national number with each area code logs into its own account
    const login = (fields: Record<string, string>) => api.post<string>('user/login', { type: 1, ...fields });
    expect((await login({ user_string: '2025550123', area_code: '1', password: 'usa12345' })).body.account).toBe('+12025550123');
    expect((await login({ user_string: '2025550123', area_code: '44', password: 'gbr12345' })).body.account).toBe('+442025550123');
    expect((await login({ user_string: '2025550123', area_code: '44', password: 'usa12345' })).body.message).toBe('wrong account or password');
  });

  it('knows the same number typed with spaces, dashes, a leading 00 or a trunk 0 as the same account', async () => {
    for (const [typed, code] of [
      ['0044-20-2555-0123', ''],
      ['020 2555 0123', '44'],
      ['+44 (0)20 2555 0123', '86'],
      ['2025550123', '+44'],
    ] as const) {
      const reply = await api.post<string>('sms_send', { user_string: typed, country_code: code, type: 'register' });
      expect(reply.body.message, typed).toBe('account already exists');
    }
    for (const typed of ['+44 20 2555 0123', '0044 2025550123', '+44-(0)20-2555-0123']) {
      expect((await api.post<string>('user/login', { user_string: typed, password: 'gbr12345' })).body.account, typed).toBe('+442025550123');
    }
  });

  it('registers a national number with the country code sent, or 86 when none is sent (old clients)', async () => {
    expect(await registerPhone('139 1234 5601', '', '+8613912345601', 'cn123456')).toBe('operation ok');
    expect(await accountOf('+8613912345601')).toEqual({ phone: '+8613912345601', country_code: '86' });
    expect((await api.post<string>('user/login', { user_string: '13912345601', password: 'cn123456' })).body.account).toBe('+8613912345601');
  });

  it('refuses numbers that break a rule: unlisted or malformed country codes, too long for E.164, the mainland rule', async () => {
    const refusal = async (userString: string, countryCode: string) =>
      (await api.post<string>('sms_send', { user_string: userString, country_code: countryCode })).body.message;
    const rules = 'the e-mail or phone number does not match the rules';
    expect(await refusal('2025550123', '999')).toBe(rules);
    expect(await refusal('+999 2025550123', '86')).toBe(rules);
    expect(await refusal('2025550123', '4x')).toBe(rules);
    expect(await refusal('+44 20255501234567', '86')).toBe(rules);
    expect(await refusal('12345678901', '86')).toBe(rules);
    expect(await refusal('2025550123', '86')).toBe(rules);
    expect(await refusal('13912345678x', '86')).toBe(rules);
  });

  it('logs the demo phone account in by its national number, with or without the area code, and by +…', async () => {
    const forms: Record<string, string>[] = [{ user_string: '10000000001' }, { user_string: '10000000001', area_code: '86' }, { user_string: '+86 100 0000 0001' }];
    for (const fields of forms) {
      const reply = await api.post<string>('user/login', { ...fields, password: 'demo1234' });
      expect(reply.body.account, JSON.stringify(fields)).toBe('+8610000000001');
    }
  });

  it('keeps the shared guest account working: a label, not a phone number', async () => {
    const reply = await api.post<string>('user/login', { is_vistor: 1 });
    expect(reply.body).toMatchObject({ type: 'ok', account: GUEST_ACCOUNT, is_vistor: 1 });
    const info = await api.get<{ phone: string }>('user/info', {}, { token: reply.body.message });
    expect(info.body.message.phone).toBe('');
    expect((await api.post<string>('user/login', { user_string: GUEST_ACCOUNT, password: 'demo1234' })).body.message).toBe(
      'wrong account or password',
    );
  });

  it('migrates phone accounts named by their digits to E.164, and they log in as before', async () => {
    const demo = (await app.db.query<{ password_hash: string }>('select password_hash from users where account = $1', ['+8610000000001']))[0];
    let made = 0;
    const legacy = async (account: string, countryCode: string) => {
      made += 1;
      await app.db.query(
        `insert into users (account, phone, country_code, password_hash, extension_code) values ($1, $1, $2, $3, $4)`,
        [account, countryCode, demo?.password_hash, `LEGACY0${made}`],
      );
    };
    // the demo phone account as a release before E.164 stored it
    await app.db.query(`update users set account = '10000000001', phone = '10000000001', country_code = '86' where account = '+8610000000001'`);
    await app.db.query(`update users set phone = $1, country_code = '86' where account = $1`, [GUEST_ACCOUNT]);
    await legacy('13912340001', '');
    await legacy('07700900001', '+44');
    await legacy('7700900001', '44');
    await legacy('3912340002', '39');
    await legacy('0612340003', '39');
    await legacy('123456789012345', '44');

    const sql = await readFile(PHONE_MIGRATION, 'utf8');
    // the migration runs again as a whole: its statements change nothing twice
    for (let round = 0; round < 2; round += 1) {
      for (const statement of sql.split(/;\s*$/m).map((part) => part.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean)) {
        await app.db.query(statement);
      }
    }

    const rows = await app.db.query<{ account: string; phone: string; country_code: string }>(
      `select account, phone, country_code from users where extension_code like 'LEG%' or extension_code in ('DEMO0003', 'GUEST000') order by id`,
    );
    expect(rows).toEqual([
      { account: GUEST_ACCOUNT, phone: '', country_code: '' },
      { account: '+8610000000001', phone: '+8610000000001', country_code: '86' },
      // no country code recorded: 86
      { account: '+8613912340001', phone: '+8613912340001', country_code: '86' },
      // the trunk 0 goes; the younger spelling of the same number keeps its name
      { account: '+447700900001', phone: '+447700900001', country_code: '44' },
      { account: '7700900001', phone: '7700900001', country_code: '44' },
      { account: '+393912340002', phone: '+393912340002', country_code: '39' },
      { account: '+390612340003', phone: '+390612340003', country_code: '39' },
      // longer than E.164 allows: kept as it was
      { account: '123456789012345', phone: '123456789012345', country_code: '44' },
    ]);
    expect((await api.post<string>('user/login', { user_string: '10000000001', password: 'demo1234' })).body.account).toBe('+8610000000001');
    expect((await api.post<string>('user/login', { user_string: '07700 900001', area_code: '44', password: 'demo1234' })).body.account).toBe(
      '+447700900001',
    );
    expect((await api.post<string>('user/login', { user_string: '123456789012345', password: 'demo1234' })).body.account).toBe('123456789012345');
  });
});
