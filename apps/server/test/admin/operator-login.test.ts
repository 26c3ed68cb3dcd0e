import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OPERATOR_SECRET_KEY, loadConfig } from '../../src/config';
import { hashPassword } from '../../src/lib/password';
import { SecretBox } from '../../src/lib/secret-box';
import { AddressAllowList } from '../../src/modules/admin/address-allow-list';
import { ACCOUNT_FREE_FAILURES, ADDRESS_FREE_FAILURES, LONGEST_WAIT_SECONDS } from '../../src/modules/admin/login-policy';
import { OperatorRepository } from '../../src/modules/admin/repository';
import { manualClock } from '../support/clock';
import { productionEnv } from '../support/production-env';
import { TEST_OPERATOR_SECRET_KEY } from '../support/operator-secret-key';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

const PASSWORD = 'operator-password-1';
const WAIT_KEY = 'too many login attempts, try again later';

interface LoginFields {
  email: string;
  password: string;
  totp?: string;
  recovery_code?: string;
}

interface Reply {
  status: number;
  body: Record<string, unknown>;
  retryAfter: string | undefined;
}

function operatorApi(app: TestApp) {
  return {
    async login(fields: LoginFields, address = '127.0.0.1'): Promise<Reply> {
      const reply = await app.http.inject({ method: 'POST', url: '/admin/api/login', payload: fields, remoteAddress: address });
      const retryAfter = reply.headers['retry-after'];
      return { status: reply.statusCode, body: reply.json(), retryAfter: retryAfter === undefined ? undefined : String(retryAfter) };
    },
    async call(method: 'GET' | 'POST', url: string, token: string, payload?: object, address = '127.0.0.1') {
      const reply = await app.http.inject({
        method,
        url: `/admin/api${url}`,
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: address,
        ...(payload ? { payload } : {}),
      });
      return { status: reply.statusCode, body: reply.json<Record<string, unknown>>() };
    },
  };
}

/** A second operator account, as an installation with several operators has. */
async function newOperator(app: TestApp, email: string): Promise<string> {
  await new OperatorRepository(app.db).create(email, await hashPassword(PASSWORD));
  return email;
}

/** The TOTP code an authenticator app shows at the test clock's time (`offsetSeconds` away). */
function codeAt(secret: string, now: Date, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(now.getTime() / 1000) + offsetSeconds });
}

describeEachDatabase('operator login: backoff', (kind) => {
  const time = manualClock();
  let app: TestApp;
  let api: ReturnType<typeof operatorApi>;
  beforeAll(async () => {
    app = await createTestApp(kind, { clock: time.clock });
    api = operatorApi(app);
  });
  afterAll(() => app.close());

  it('after 30 wrong passwords in a row refuses the right one, unchecked, until the wait ends', async () => {
    const email = await newOperator(app, 'backoff@tessera.example');
    const address = '198.51.100.1';
    for (let failures = 0; failures < 30; ) {
      const reply = await api.login({ email, password: 'wrong-password' }, address);
      if (reply.status === 429) {
        // a try during the wait is refused without counting: wait, then guess again
        time.advanceSeconds(Number(reply.body.retry_after));
        continue;
      }
      expect(reply).toMatchObject({ status: 401, body: { error: 'wrong account or password' } });
      failures += 1;
    }
    const checks = app.services.operatorAuth.passwordChecks;
    const refused = await api.login({ email, password: PASSWORD }, address);
    expect(refused).toEqual({ status: 429, body: { error: WAIT_KEY, retry_after: LONGEST_WAIT_SECONDS }, retryAfter: String(LONGEST_WAIT_SECONDS) });
    // from another address too: the account itself waits
    expect((await api.login({ email, password: PASSWORD }, '198.51.100.2')).status).toBe(429);
    expect(app.services.operatorAuth.passwordChecks).toBe(checks);

    time.advanceSeconds(LONGEST_WAIT_SECONDS - 1);
    expect((await api.login({ email, password: PASSWORD }, address)).body).toEqual({ error: WAIT_KEY, retry_after: 1 });
    time.advanceSeconds(1);
    const allowed = await api.login({ email, password: PASSWORD }, address);
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ token: expect.any(String), scope: 'full' });
    // a success starts the count again
    expect((await api.login({ email, password: 'wrong-password' }, address)).status).toBe(401);
  });

  it('waits one second after the free failures, then twice as long at each further failure', async () => {
    const email = await newOperator(app, 'doubling@tessera.example');
    const address = '198.51.100.3';
    for (let failure = 1; failure < ACCOUNT_FREE_FAILURES; failure += 1) {
      expect((await api.login({ email, password: 'wrong-password' }, address)).status).toBe(401);
    }
    const waits: unknown[] = [];
    for (let failure = 0; failure < 4; failure += 1) {
      expect((await api.login({ email, password: 'wrong-password' }, address)).status).toBe(401);
      const refused = await api.login({ email, password: PASSWORD }, address);
      waits.push(refused.body.retry_after);
      time.advanceSeconds(Number(refused.body.retry_after));
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    expect((await api.login({ email, password: PASSWORD }, address)).status).toBe(200);
  });

  it('counts wrong logins per address across accounts, unknown e-mails included', async () => {
    const first = await newOperator(app, 'first@tessera.example');
    const second = await newOperator(app, 'second@tessera.example');
    const address = '198.51.100.4';
    const guesses = [first, second, 'nobody@tessera.example'];
    // fewer than any one account's free failures, but the address's free failures in all
    for (let guess = 0; guess < ADDRESS_FREE_FAILURES; guess += 1) {
      const email = guesses[guess % guesses.length] ?? first;
      expect((await api.login({ email, password: 'wrong-password' }, address)).status).toBe(401);
    }
    expect(await api.login({ email: second, password: PASSWORD }, address)).toMatchObject({ status: 429, body: { error: WAIT_KEY } });
    // the accounts themselves may log in from elsewhere
    expect((await api.login({ email: first, password: PASSWORD }, '198.51.100.5')).status).toBe(200);
    expect((await api.login({ email: second, password: PASSWORD }, '198.51.100.5')).status).toBe(200);
    time.advanceSeconds(1);
    expect((await api.login({ email: second, password: PASSWORD }, address)).status).toBe(200);
  });

  it('answers an unknown e-mail exactly as a wrong password, after the same argon2 check', async () => {
    const known = await newOperator(app, 'known@tessera.example');
    const attempts = async (email: string, address: string) => {
      const replies: Reply[] = [];
      for (let attempt = 0; attempt <= ACCOUNT_FREE_FAILURES; attempt += 1) {
        const checks = app.services.operatorAuth.passwordChecks;
        replies.push(await api.login({ email, password: 'wrong-password' }, address));
        // every try that is not told to wait runs argon2, whether the account exists or not
        const waited = replies.at(-1)?.status === 429;
        expect(app.services.operatorAuth.passwordChecks).toBe(checks + (waited ? 0 : 1));
      }
      return replies;
    };
    const wrongPassword = await attempts(known, '198.51.100.6');
    const unknownEmail = await attempts('unknown@tessera.example', '198.51.100.7');
    expect(unknownEmail).toEqual(wrongPassword);
    expect(wrongPassword[0]).toEqual({ status: 401, body: { error: 'wrong account or password' }, retryAfter: undefined });
    expect(wrongPassword.at(-1)).toMatchObject({ status: 429, body: { error: WAIT_KEY, retry_after: 1 } });
  });

  it('lets parallel guesses at one account make no more tries than guesses one by one', async () => {
    const email = await newOperator(app, 'parallel@tessera.example');
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, index) => api.login({ email, password: `wrong-password-${index}` }, `198.51.100.${20 + index}`)),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(ACCOUNT_FREE_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - ACCOUNT_FREE_FAILURES);
  });

  it('lets parallel guesses from one address at many accounts make no more tries than one by one', async () => {
    const replies = await Promise.all(
      Array.from({ length: 15 }, (_, index) => api.login({ email: `spray-${index}@tessera.example`, password: 'wrong-password' }, '198.51.100.40')),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(ADDRESS_FREE_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15 - ADDRESS_FREE_FAILURES);
  });
});

describeEachDatabase('operator login: TOTP second factor', (kind) => {
  const time = manualClock();
  let app: TestApp;
  let api: ReturnType<typeof operatorApi>;
  beforeAll(async () => {
    app = await createTestApp(kind, { clock: time.clock });
    api = operatorApi(app);
  });
  afterAll(() => app.close());

  /** Enrols an operator through the API; answers the secret and the recovery codes. */
  async function enrol(email: string) {
    const login = await api.login({ email, password: PASSWORD });
    const token = String(login.body.token);
    const started = await api.call('POST', '/totp/enrol/start', token);
    expect(started.status).toBe(200);
    const secret = String(started.body.secret);
    const confirmed = await api.call('POST', '/totp/enrol/confirm', token, { code: await codeAt(secret, time.clock()) });
    expect(confirmed.status).toBe(200);
    return { secret, recoveryCodes: confirmed.body.recovery_codes as string[], token };
  }

  it('enrols with a QR code and a confirming code, answering ten one-time recovery codes', async () => {
    const email = await newOperator(app, 'enrol@tessera.example');
    const token = String((await api.login({ email, password: PASSWORD })).body.token);
    expect((await api.call('POST', '/totp/enrol/confirm', token, { code: '123456' })).body).toEqual({ error: 'two-factor enrolment not started' });

    const started = await api.call('POST', '/totp/enrol/start', token);
    expect(started.status).toBe(200);
    const secret = String(started.body.secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.otpauth_uri).toBe(`otpauth://totp/Tessera:enrol%40tessera.example?secret=${secret}&issuer=Tessera`);
    const qr = String(started.body.qr_code);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');

    // TOTP is not on until confirmed: the password alone still logs in
    expect((await api.login({ email, password: PASSWORD })).status).toBe(200);
    const wrong = await api.call('POST', '/totp/enrol/confirm', token, { code: await codeAt(secret, time.clock(), 300) });
    expect(wrong).toEqual({ status: 401, body: { error: 'wrong operator code' } });
    const confirmed = await api.call('POST', '/totp/enrol/confirm', token, { code: await codeAt(secret, time.clock()) });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await api.call('POST', '/totp/enrol/start', token)).status).toBe(409);

    // stored: the secret encrypted, the recovery codes as digests
    const [row] = await app.db.query<{ totp_secret: string }>('select totp_secret from operators where email = $1', [email]);
    expect(row?.totp_secret).toMatch(/^v1\./);
    expect(row?.totp_secret).not.toContain(secret);
    const stored = await app.db.query<{ code_hash: string }>('select code_hash from operator_recovery_codes');
    for (const code of codes) expect(stored.map((r) => r.code_hash)).not.toContain(code);
  });

  it('then requires a code at login: refuses none and a wrong one, takes the right one', async () => {
    const email = await newOperator(app, 'factor@tessera.example');
    const { secret } = await enrol(email);
    time.advanceSeconds(30);
    expect(await api.login({ email, password: PASSWORD })).toMatchObject({ status: 401, body: { error: 'operator code required' } });
    expect(await api.login({ email, password: 'wrong-password', totp: await codeAt(secret, time.clock()) })).toMatchObject({
      status: 401,
      body: { error: 'wrong account or password' },
    });
    expect(await api.login({ email, password: PASSWORD, totp: await codeAt(secret, time.clock(), 120) })).toMatchObject({
      status: 401,
      body: { error: 'wrong operator code' },
    });
    expect(await api.login({ email, password: PASSWORD, totp: 'abcdef' })).toMatchObject({ status: 401, body: { error: 'wrong operator code' } });
    const ok = await api.login({ email, password: PASSWORD, totp: await codeAt(secret, time.clock()) });
    expect(ok.status).toBe(200);
    expect(ok.body.scope).toBe('full');
    expect((await api.call('GET', '/kyc', String(ok.body.token))).status).toBe(200);
  });

  it('refuses a code used before, accepts one step early or late, and counts wrong codes in the backoff', async () => {
    const email = await newOperator(app, 'replay@tessera.example');
    const { secret, recoveryCodes } = await enrol(email);
    time.advanceSeconds(30);
    const code = await codeAt(secret, time.clock());
    expect((await api.login({ email, password: PASSWORD, totp: code })).status).toBe(200);
    expect(await api.login({ email, password: PASSWORD, totp: code })).toMatchObject({ status: 401, body: { error: 'wrong operator code' } });

    time.advanceSeconds(60);
    // the code of the step before the current one (an authenticator a little slow)
    expect((await api.login({ email, password: PASSWORD, totp: await codeAt(secret, time.clock(), -30) })).status).toBe(200);
    // and, a minute later, the code of the step after it (an authenticator a little fast)
    time.advanceSeconds(60);
    expect((await api.login({ email, password: PASSWORD, totp: await codeAt(secret, time.clock(), 30) })).status).toBe(200);
    // now the current step is before the last one used: refused
    expect((await api.login({ email, password: PASSWORD, totp: await codeAt(secret, time.clock()) })).status).toBe(401);

    // that was the first wrong code in a row; past the free failures even a right factor waits
    for (let failure = 1; failure < ACCOUNT_FREE_FAILURES; failure += 1) {
      expect((await api.login({ email, password: PASSWORD, totp: '000000' })).status).toBe(401);
    }
    const recoveryCode = recoveryCodes[0] ?? '';
    expect((await api.login({ email, password: PASSWORD, recovery_code: recoveryCode })).body).toEqual({ error: WAIT_KEY, retry_after: 1 });
    time.advanceSeconds(1);
    expect((await api.login({ email, password: PASSWORD, recovery_code: recoveryCode })).status).toBe(200);
  });

  it('takes each recovery code once, in place of a TOTP code', async () => {
    const email = await newOperator(app, 'recovery@tessera.example');
    const { recoveryCodes } = await enrol(email);
    const [first = '', second = ''] = recoveryCodes;
    expect((await api.login({ email, password: PASSWORD, recovery_code: first })).status).toBe(200);
    expect(await api.login({ email, password: PASSWORD, recovery_code: first })).toMatchObject({ status: 401, body: { error: 'wrong operator code' } });
    // typed in capitals, without the dash
    expect((await api.login({ email, password: PASSWORD, recovery_code: second.toUpperCase().replace('-', '') })).status).toBe(200);
    expect((await api.login({ email, password: PASSWORD, recovery_code: 'aaaaa-aaaaa' })).status).toBe(401);
  });

  it('lets an operator without a second factor log in with the password alone outside production', async () => {
    const reply = await api.login({ email: app.config.ADMIN_EMAIL, password: app.config.ADMIN_PASSWORD });
    expect(reply.body).toMatchObject({ scope: 'full' });
    expect((await api.call('GET', '/kyc', String(reply.body.token))).status).toBe(200);
  });
});

describeEachDatabase('operator login in production', (kind) => {
  const time = manualClock();
  let app: TestApp;
  let api: ReturnType<typeof operatorApi>;
  const env = { ...productionEnv(), ADMIN_PASSWORD: PASSWORD };
  beforeAll(async () => {
    app = await createTestApp(kind, { clock: time.clock, env });
    api = operatorApi(app);
  });
  afterAll(() => app.close());

  it('gives an operator without a second factor a session that may only enrol one', async () => {
    const email = app.config.ADMIN_EMAIL;
    const login = await api.login({ email, password: PASSWORD });
    expect(login.body).toMatchObject({ scope: 'enrol' });
    const token = String(login.body.token);
    expect(await api.call('GET', '/kyc', token)).toEqual({ status: 403, body: { error: 'two-factor enrolment required' } });
    expect((await api.call('POST', '/users/1/unlock', token)).status).toBe(403);

    const started = await api.call('POST', '/totp/enrol/start', token);
    const secret = String(started.body.secret);
    expect((await api.call('POST', '/totp/enrol/confirm', token, { code: await codeAt(secret, time.clock()) })).status).toBe(200);
    // the session that proved both factors is a full one now
    expect((await api.call('GET', '/kyc', token)).status).toBe(200);

    time.advanceSeconds(30);
    expect(await api.login({ email, password: PASSWORD })).toMatchObject({ status: 401, body: { error: 'operator code required' } });
    const full = await api.login({ email, password: PASSWORD, totp: await codeAt(secret, time.clock()) });
    expect(full.body).toMatchObject({ scope: 'full' });
    expect((await api.call('POST', '/logout', String(full.body.token))).status).toBe(200);
  });
});

describeEachDatabase('operator API address allow-list', (kind) => {
  let app: TestApp;
  let api: ReturnType<typeof operatorApi>;
  beforeAll(async () => {
    app = await createTestApp(kind, { env: { ADMIN_ALLOWED_IPS: '10.1.0.0/16, 2001:db8::1' } });
    api = operatorApi(app);
  });
  afterAll(() => app.close());

  it('refuses every call from outside the list with 403 before the route runs', async () => {
    const credentials = { email: app.config.ADMIN_EMAIL, password: app.config.ADMIN_PASSWORD };
    const checks = app.services.operatorAuth.passwordChecks;
    expect(await api.login(credentials, '192.0.2.1')).toEqual({ status: 403, body: { error: 'address not allowed' }, retryAfter: undefined });
    expect(app.services.operatorAuth.passwordChecks).toBe(checks);

    const inside = await api.login(credentials, '10.1.2.3');
    expect(inside.status).toBe(200);
    const token = String(inside.body.token);
    expect((await api.call('GET', '/kyc', token, undefined, '10.1.200.7')).status).toBe(200);
    expect((await api.call('GET', '/kyc', token, undefined, '::ffff:10.1.0.9')).status).toBe(200);
    expect((await api.call('GET', '/kyc', token, undefined, '2001:db8::1')).status).toBe(200);
    // a valid token does not open the API from elsewhere
    expect(await api.call('GET', '/kyc', token, undefined, '10.2.0.1')).toEqual({ status: 403, body: { error: 'address not allowed' } });
    expect(await api.call('GET', '/kyc', token, undefined, '2001:db8::2')).toEqual({ status: 403, body: { error: 'address not allowed' } });
    // the user API is not concerned
    const health = await app.http.inject({ method: 'GET', url: '/api/health', remoteAddress: '192.0.2.1' });
    expect(health.json()).toMatchObject({ type: 'ok' });
  });
});

describe('operator settings', () => {
  const { OPERATOR_SECRET_KEY: _key, ...production }: Record<string, string> = { ...productionEnv(), ADMIN_PASSWORD: PASSWORD };

  it('refuses to start in production without an operator secret key of its own', () => {
    expect(() => loadConfig(production)).toThrow(/OPERATOR_SECRET_KEY/);
    expect(() => loadConfig({ ...production, OPERATOR_SECRET_KEY: DEV_OPERATOR_SECRET_KEY })).toThrow(/OPERATOR_SECRET_KEY/);
    expect(() => loadConfig({ ...production, OPERATOR_SECRET_KEY: 'short' })).toThrow(/OPERATOR_SECRET_KEY/);
    expect(loadConfig({ ...production, OPERATOR_SECRET_KEY: TEST_OPERATOR_SECRET_KEY }).OPERATOR_SECRET_KEY).toBe(TEST_OPERATOR_SECRET_KEY);
    expect(loadConfig({ NODE_ENV: 'development' }).OPERATOR_SECRET_KEY).toBe(DEV_OPERATOR_SECRET_KEY);
  });

  it('refuses an allow-list entry that is neither an address nor a range', () => {
    for (const list of ['10.0.0.0/33', 'example.com', '10.0.0.1/8/2', '', ' , ', '::1/129']) {
      expect(() => loadConfig({ ADMIN_ALLOWED_IPS: list })).toThrow(/ADMIN_ALLOWED_IPS/);
    }
    const list = AddressAllowList.parse('127.0.0.1,192.168.0.0/24,fd00::/8');
    expect(['127.0.0.1', '192.168.0.200', 'fd12::3', '::ffff:192.168.0.1'].map((address) => list.allows(address))).toEqual([true, true, true, true]);
    expect(['127.0.0.2', '192.168.1.1', 'fe80::1', 'not-an-address'].map((address) => list.allows(address))).toEqual([false, false, false, false]);
    expect(AddressAllowList.any().allows('203.0.113.9')).toBe(true);
  });

  it('opens a sealed TOTP secret only with the key and owner it was sealed for', () => {
    const box = new SecretBox(TEST_OPERATOR_SECRET_KEY);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'operator-totp:1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'operator-totp:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, 'operator-totp:2')).toThrow();
    expect(() => new SecretBox(DEV_OPERATOR_SECRET_KEY).open(sealed, 'operator-totp:1')).toThrow();
  });
});
