import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GUEST_ACCOUNT } from '../../src/db/seed/demo-users';
import { LOGIN_LOCK_MINUTES, MAX_FAILED_LOGINS } from '../../src/modules/auth/policy';
import { SESSION_CACHE_MS } from '../../src/modules/auth/session-repository';
import { apiClient } from '../support/client';
import { manualClock } from '../support/clock';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';


describeEachDatabase('login and sessions', (kind) => {
  const time = manualClock();
  let app: TestApp;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    app = await createTestApp(kind, { clock: time.clock });
    api = apiClient(app);
  });
  afterAll(() => app.close());

  it('logs in with account and password; message is the token, repeated in fields', async () => {
    const reply = await api.post<string>('user/login', { user_string: 'demo@tessera.example', password: 'demo1234', type: 1 });
    expect(reply.body.type).toBe('ok');
    expect(reply.body.message).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reply.body.token).toBe(reply.body.message);
    expect(reply.body.is_vistor).toBe(0);
    expect(reply.body.account).toBe('demo@tessera.example');
  });

  it('matches the account case-insensitively', async () => {
    expect((await api.post('user/login', { user_string: 'DEMO@Tessera.example', password: 'demo1234' })).body.type).toBe('ok');
  });

  it('answers user/info with every field of the spec', async () => {
    const token = await api.login('10000000001', 'demo1234');
    const reply = await api.get<Record<string, unknown>>('user/info', {}, { token });
    expect(reply.body.type).toBe('ok');
    expect(reply.body.message).toMatchObject({
      account: '+8610000000001',
      email: '',
      phone: '+8610000000001',
      country_code: '86',
      extension_code: 'DEMO0003',
      is_seller: 0,
      seller: [],
      credit: expect.any(Number),
      review_status: 0,
      is_vistor: 0,
    });
    expect(reply.body.message.id).toEqual(expect.any(Number));
  });

  it('stores only a SHA-256 digest of the token', async () => {
    const token = await api.login('demo@tessera.example', 'demo1234');
    const digest = createHash('sha256').update(token).digest('hex');
    const rows = await app.db.query<{ n: number }>(
      'select count(*)::int as n from sessions where token_hash = $1 or token_hash = $2',
      [digest, token],
    );
    expect(rows[0]?.n).toBe(1);
    const raw = await app.db.query('select 1 from sessions where token_hash = $1', [token]);
    expect(raw).toHaveLength(0);
  });

  it('hashes passwords with argon2id', async () => {
    const rows = await app.db.query<{ password_hash: string }>("select password_hash from users where kind = 'user'");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const wrong = await api.post('user/login', { user_string: 'trader@tessera.example', password: 'nottheone1' });
    const unknown = await api.post('user/login', { user_string: 'nobody@tessera.example', password: 'whatever1' });
    expect(wrong.body).toEqual({ type: 'error', message: 'wrong account or password' });
    expect(unknown.body).toEqual({ type: 'error', message: 'wrong account or password' });
  });

  it('refuses a missing account, a missing password and a password of the wrong length', async () => {
    expect((await api.post('user/login', { password: 'demo1234' })).body.message).toBe('enter account');
    expect((await api.post('user/login', { user_string: 'demo@tessera.example' })).body.message).toBe('enter password');
    expect((await api.post('user/login', { user_string: 'demo@tessera.example', password: '12345' })).body.message).toBe(
      'password must be 6 to 16 letters or digits',
    );
    expect((await api.post('user/login', { user_string: 'x'.repeat(121), password: 'demo1234' })).body.message).toBe(
      'parameter error',
    );
  });

  it('logs a guest into the shared demo account', async () => {
    const first = await api.post<string>('user/login', { is_vistor: 1 });
    const second = await api.post<string>('user/login', { is_vistor: 1 });
    expect(first.body.type).toBe('ok');
    expect(first.body.is_vistor).toBe(1);
    expect(first.body.account).toBe(GUEST_ACCOUNT);
    expect(second.body.message).not.toBe(first.body.message);
    const info = await api.get<{ account: string; is_vistor: number }>('user/info', {}, { token: first.body.message });
    expect(info.body.message).toMatchObject({ account: GUEST_ACCOUNT, is_vistor: 1 });
  });

  it('refuses a login into a system account', async () => {
    const reply = await api.post('user/login', { user_string: 'system:fee', password: 'anything1' });
    expect(reply.body).toEqual({ type: 'error', message: 'wrong account or password' });
  });

  it('refuses a password login into the guest account', async () => {
    const reply = await api.post('user/login', { user_string: GUEST_ACCOUNT, password: 'demo1234' });
    expect(reply.body).toEqual({ type: 'error', message: 'wrong account or password' });
  });

  it('revokes a token at logout', async () => {
    const token = await api.login('demo@tessera.example', 'demo1234');
    expect((await api.post('user/logout', {}, { token })).body.type).toBe('ok');
    expect((await api.get('user/info', {}, { token })).body).toEqual({
      type: '999',
      message: 'login expired, please log in again',
    });
  });

  it('trusts a live session from memory for a short while, then asks the database again', async () => {
    const token = await api.login('demo@tessera.example', 'demo1234');
    expect((await api.get('user/info', {}, { token })).body.type).toBe('ok');
    // revoked behind the server's back (another process, say): seen within SESSION_CACHE_MS
    await app.db.query('update sessions set revoked_at = now() where token_hash = $1', [createHash('sha256').update(token).digest('hex')]);
    expect((await api.get('user/info', {}, { token })).body.type).toBe('ok');
    time.advanceMinutes(SESSION_CACHE_MS / 60_000 + 0.1);
    expect((await api.get('user/info', {}, { token })).body.type).toBe('999');
  });

  it('expires a token after its lifetime', async () => {
    const token = await api.login('demo@tessera.example', 'demo1234');
    time.advanceMinutes(app.config.SESSION_TTL_HOURS * 60 - 1);
    expect((await api.get('user/info', {}, { token })).body.type).toBe('ok');
    time.advanceMinutes(2);
    expect((await api.get('user/info', {}, { token })).body.type).toBe('999');
  });

  it(`locks the account after ${MAX_FAILED_LOGINS} wrong passwords, until the lock ends`, async () => {
    const account = { user_string: 'trader@tessera.example' };
    // a successful login clears the failures counted by earlier tests
    expect((await api.post('user/login', { ...account, password: 'trader1234' })).body.type).toBe('ok');
    const answers: string[] = [];
    for (let attempt = 0; attempt < MAX_FAILED_LOGINS; attempt += 1) {
      answers.push((await api.post<string>('user/login', { ...account, password: 'wrongpass1' })).body.message);
    }
    expect(answers.slice(0, -1).every((message) => message === 'wrong account or password')).toBe(true);
    expect(answers.at(-1)).toMatch(/^account locked, \d{4}-\d{2}-\d{2}T/);

    const whileLocked = await api.post<string>('user/login', { ...account, password: 'trader1234' });
    expect(whileLocked.body.message).toMatch(/^account locked, /);

    time.advanceMinutes(LOGIN_LOCK_MINUTES + 1);
    expect((await api.post('user/login', { ...account, password: 'trader1234' })).body.type).toBe('ok');
  });

  it('counts wrong passwords sent in parallel: no more guesses than the limit get checked', async () => {
    const account = { user_string: '10000000001' };
    expect((await api.post('user/login', { ...account, password: 'demo1234' })).body.type).toBe('ok');
    const replies = await Promise.all(
      Array.from({ length: 3 * MAX_FAILED_LOGINS }, (_, index) => api.post<string>('user/login', { ...account, password: `guess${index}xx` })),
    );
    const answers = replies.map((reply) => reply.body.message);
    expect(answers.filter((message) => message === 'wrong account or password')).toHaveLength(MAX_FAILED_LOGINS - 1);
    expect(answers.filter((message) => message.startsWith('account locked, '))).toHaveLength(2 * MAX_FAILED_LOGINS + 1);
    expect((await api.post<string>('user/login', { ...account, password: 'demo1234' })).body.message).toMatch(/^account locked, /);
    time.advanceMinutes(LOGIN_LOCK_MINUTES + 1);
    expect((await api.post('user/login', { ...account, password: 'demo1234' })).body.type).toBe('ok');
  });

  it('lets the right password through on the last try, and lifts the lock that try set', async () => {
    const account = { user_string: 'trader@tessera.example' };
    for (let attempt = 0; attempt < MAX_FAILED_LOGINS - 1; attempt += 1) {
      expect((await api.post<string>('user/login', { ...account, password: 'wrongpass1' })).body.message).toBe('wrong account or password');
    }
    expect((await api.post('user/login', { ...account, password: 'trader1234' })).body.type).toBe('ok');
    expect((await api.post<string>('user/login', { ...account, password: 'wrongpass1' })).body.message).toBe('wrong account or password');
  });
});
