import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GUEST_ACCOUNT } from '../../src/db/seed/demo-users';
import { LoginBackoff } from '../../src/modules/auth/login-backoff';
import { LoginFailureRepository } from '../../src/modules/auth/login-failure-repository';
import { waitSeconds } from '../../src/lib/backoff-policy';
import { ACCOUNT_BACKOFF, ADDRESS_BACKOFF } from '../../src/modules/auth/policy';
import { SESSION_CACHE_MS } from '../../src/modules/auth/session-repository';
import { latestCode, operatorCall, operatorToken, registerUser } from '../support/accounts';
import { manualClock } from '../support/clock';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';
import { Turns } from '../../src/db/turns';


describeEachDatabase('login and sessions', (kind) => {
  const time = manualClock();
  const { app, api } = useTestApp(kind, { clock: time.clock });

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

  it('answers user/info with every field old clients read', async () => {
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

  describe('backoff after wrong passwords', () => {
    const { freeFailures } = ACCOUNT_BACKOFF;
    let addresses = 0;
    /** a client address of its own for each use, so the per-address counts of tests stay apart */
    const freshAddress = () => `198.51.100.${(addresses += 1)}`;
    const login = async (user_string: string, password: string, remoteAddress: string) =>
      (await api.post<string>('user/login', { user_string, password }, { remoteAddress })).body.message;
    /** the backoff's answer: the lock form old clients localise, with the time the wait ends */
    const waitKey = expect.stringMatching(/^account locked, \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown as string;

    /** Registers a user who has logged in once, from `home`. */
    async function userAt(account: string, home: string): Promise<{ id: number }> {
      const user = await registerUser(api, account, { password: 'right1234' });
      expect(await login(account, 'right1234', home)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      return user;
    }

    it(`makes the try after ${freeFailures} wrong passwords wait, refused unchecked with one answer, then checks again`, async () => {
      await userAt('backoff.basic@example.com', freshAddress());
      const from = freshAddress();
      for (let attempt = 0; attempt < freeFailures; attempt += 1) {
        expect(await login('backoff.basic@example.com', 'wrongpass1', from)).toBe('wrong account or password');
      }
      // the right password is not even checked during the wait, which ends firstWaitSeconds after the last failure
      const waitEnds = new Date(time.clock().getTime() + ACCOUNT_BACKOFF.firstWaitSeconds * 1000).toISOString();
      expect(await login('backoff.basic@example.com', 'right1234', from)).toBe(`account locked, ${waitEnds}`);
      time.advanceSeconds(ACCOUNT_BACKOFF.firstWaitSeconds - 1);
      expect(await login('backoff.basic@example.com', 'right1234', from)).toEqual(waitKey);
      time.advanceSeconds(2);
      expect(await login('backoff.basic@example.com', 'right1234', from)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // the success cleared the account's count: the next wrong password is a plain one
      expect(await login('backoff.basic@example.com', 'wrongpass1', from)).toBe('wrong account or password');
    });

    it('doubles the account wait with each further failure, up to its cap, and never locks', async () => {
      await userAt('backoff.double@example.com', freshAddress());
      const failOnce = async () => expect(await login('backoff.double@example.com', 'wrongpass1', freshAddress())).toBe('wrong account or password');
      for (let attempt = 0; attempt < freeFailures; attempt += 1) await failOnce();
      for (let failures = freeFailures; failures < freeFailures + 8; failures += 1) {
        const wait = waitSeconds(ACCOUNT_BACKOFF, failures);
        expect(wait).toBe(Math.min(ACCOUNT_BACKOFF.firstWaitSeconds * 2 ** (failures - freeFailures), ACCOUNT_BACKOFF.longestWaitSeconds));
        time.advanceSeconds(wait - 1);
        expect(await login('backoff.double@example.com', 'wrongpass1', freshAddress())).toEqual(waitKey);
        time.advanceSeconds(1);
        await failOnce();
      }
      expect(waitSeconds(ACCOUNT_BACKOFF, freeFailures + 7)).toBe(ACCOUNT_BACKOFF.longestWaitSeconds);
      time.advanceSeconds(ACCOUNT_BACKOFF.longestWaitSeconds);
      expect(await login('backoff.double@example.com', 'right1234', freshAddress())).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('answers an unknown account exactly as a known one, counting it the same way', async () => {
      await userAt('backoff.known@example.com', freshAddress());
      const answers = async (account: string) => {
        const from = freshAddress();
        const replies: string[] = [];
        for (let attempt = 0; attempt <= freeFailures; attempt += 1) replies.push(await login(account, 'wrongpass1', from));
        return replies;
      };
      const known = await answers('backoff.known@example.com');
      const unknown = await answers('backoff.nobody@example.com');
      expect(unknown).toEqual(known);
      expect(known).toEqual([...Array<string>(freeFailures).fill('wrong account or password'), waitKey]);
    });

    it('counts wrong passwords sent in parallel: no more guesses than the limit get checked', async () => {
      await userAt('backoff.parallel@example.com', freshAddress());
      const from = freshAddress();
      const replies = await Promise.all(
        Array.from({ length: 3 * freeFailures }, (_, index) => login('backoff.parallel@example.com', `guess${index}xx`, from)),
      );
      expect(replies.filter((message) => message === 'wrong account or password')).toHaveLength(freeFailures);
      expect(replies.filter((message) => message.startsWith('account locked, '))).toHaveLength(2 * freeFailures);
      expect(await login('backoff.parallel@example.com', 'right1234', from)).toEqual(waitKey);
      time.advanceSeconds(ACCOUNT_BACKOFF.firstWaitSeconds);
      expect(await login('backoff.parallel@example.com', 'right1234', from)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('lets the owner in from an address they logged in from while a guesser elsewhere makes the account wait', async () => {
      const home = freshAddress();
      await userAt('backoff.victim@example.com', home);
      const guesser = freshAddress();
      for (let attempt = 0; attempt < freeFailures; attempt += 1) await login('backoff.victim@example.com', `guess${attempt}xx`, guesser);
      expect(await login('backoff.victim@example.com', 'right1234', guesser)).toEqual(waitKey);
      expect(await login('backoff.victim@example.com', 'right1234', freshAddress())).toEqual(waitKey);
      expect(await login('backoff.victim@example.com', 'right1234', home)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('makes an address that guesses across accounts wait, whichever account it tries next', async () => {
      const home = freshAddress();
      await userAt('backoff.sprayed@example.com', home);
      const sprayer = freshAddress();
      for (let index = 0; index < ADDRESS_BACKOFF.freeFailures; index += 1) {
        expect(await login(`backoff.spray${index}@example.com`, 'wrongpass1', sprayer)).toBe('wrong account or password');
      }
      expect(await login('backoff.sprayed@example.com', 'right1234', sprayer)).toEqual(waitKey);
      expect(await login('backoff.sprayed@example.com', 'right1234', home)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      time.advanceSeconds(ADDRESS_BACKOFF.firstWaitSeconds);
      expect(await login('backoff.sprayed@example.com', 'right1234', sprayer)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('keeps the counts in the database: a restarted server still makes the account wait', async () => {
      await userAt('backoff.restart@example.com', freshAddress());
      const from = freshAddress();
      for (let attempt = 0; attempt < freeFailures; attempt += 1) await login('backoff.restart@example.com', 'wrongpass1', from);
      // a new backoff over the same database, as after a restart: nothing of it lives in memory
      const restarted = new LoginBackoff(new LoginFailureRepository(app.db), async () => false, time.clock, new Turns(app.db));
      expect(await restarted.attempt({ account: 'backoff.restart@example.com', password: 'right1234', ip: from })).toBe('wait');
    });

    it('forgives the account once its owner sets a new password with a code', async () => {
      await userAt('backoff.reset@example.com', freshAddress());
      const from = freshAddress();
      for (let attempt = 0; attempt < freeFailures; attempt += 1) await login('backoff.reset@example.com', 'wrongpass1', from);
      expect(await login('backoff.reset@example.com', 'right1234', from)).toEqual(waitKey);
      time.advanceSeconds(61);
      expect((await api.post('sms_mail', { user_string: 'backoff.reset@example.com', type: 'forget' })).body.type).toBe('ok');
      const code = await latestCode(api, 'backoff.reset@example.com');
      const reset = { account: 'backoff.reset@example.com', code, password: 'newpass123', repassword: 'newpass123' };
      expect((await api.post('user/forget', reset)).body.type).toBe('ok');
      expect(await login('backoff.reset@example.com', 'newpass123', from)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('tells of an operator lock only to someone who knows the password', async () => {
      const user = await userAt('backoff.locked@example.com', freshAddress());
      const call = operatorCall(app, await operatorToken(app));
      expect((await call('POST', `/users/${user.id}/lock`, { until: '2030-01-01T00:00:00.000Z', reason: 'review' })).status).toBe(200);
      const from = freshAddress();
      expect(await login('backoff.locked@example.com', 'wrongpass1', from)).toBe('wrong account or password');
      expect(await login('backoff.locked@example.com', 'right1234', from)).toBe('account locked, 2030-01-01T00:00:00.000Z');
    });
  });
});
