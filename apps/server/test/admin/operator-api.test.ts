import { expect, it } from 'vitest';
import { developmentDepositKeys } from '../../src/modules/deposits/chain';
import { loadConfig } from '../../src/config';
import { productionEnv } from '../support/production-env';
import { operatorCall, operatorToken, registerUser } from '../support/accounts';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

describeEachDatabase('operator API', (kind) => {
  const { app, api } = useTestApp(kind);

  it('logs an operator in with the configured account, and refuses a wrong password', async () => {
    expect(await operatorToken(app)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const wrong = await app.http.inject({ method: 'POST', url: '/admin/api/login', payload: { email: app.config.ADMIN_EMAIL, password: 'nope-nope-nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'wrong account or password' });
  });

  it('refuses every call without an operator token, including a user token', async () => {
    const userToken = await api.login('demo@tessera.example', 'demo1234');
    for (const authorization of [undefined, `Bearer ${userToken}`, userToken]) {
      const reply = await app.http.inject({
        method: 'GET',
        url: '/admin/api/kyc?status=1',
        headers: authorization ? { authorization } : {},
      });
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({ error: 'operator login required' });
    }
  });

  it('revokes its token at logout', async () => {
    const token = await operatorToken(app);
    const call = operatorCall(app, token);
    expect((await call('POST', '/logout')).status).toBe(200);
    expect((await call('GET', '/kyc')).status).toBe(401);
  });

  it('locks an account until a time: login refused with the time, sessions ended; unlock restores it', async () => {
    const user = await registerUser(api, 'locked@example.com', { password: 'secret123' });
    const call = operatorCall(app, await operatorToken(app));
    const until = '2030-01-01T00:00:00.000Z';
    const locked = await call('POST', `/users/${user.id}/lock`, { until, reason: 'suspicious activity' });
    expect(locked).toEqual({ status: 200, body: { ok: true, locked_until: until } });
    expect((await api.get('user/info', {}, { token: user.token })).body.type).toBe('999');
    const refused = await api.post('user/login', { user_string: 'locked@example.com', password: 'secret123' });
    expect(refused.body).toEqual({ type: 'error', message: `account locked, ${until}` });
    expect((await call('POST', `/users/${user.id}/unlock`)).status).toBe(200);
    await api.login('locked@example.com', 'secret123');
    const audit = await app.db.query<{ action: string }>('select action from operator_log where user_id = $1 order by id', [user.id]);
    expect(audit.map((row) => row.action)).toEqual(['user.lock', 'user.unlock']);
  });

  it('answers 404 for an unknown user and 400 for bad input', async () => {
    const call = operatorCall(app, await operatorToken(app));
    expect(await call('POST', '/users/999999/unlock')).toEqual({ status: 404, body: { error: 'user not found' } });
    expect((await call('POST', '/users/abc/unlock')).status).toBe(400);
    expect((await call('POST', '/users/1/lock', { until: 'next tuesday' })).status).toBe(400);
    expect((await call('POST', '/users/1/seller', { is_seller: 'yes' })).status).toBe(400);
  });

  it('marks a user as a seller, which user/info shows', async () => {
    const user = await registerUser(api, 'merchant@example.com');
    const call = operatorCall(app, await operatorToken(app));
    expect((await call('POST', `/users/${user.id}/seller`, { is_seller: true })).status).toBe(200);
    expect((await api.get<{ is_seller: number }>('user/info', {}, { token: user.token })).body.message.is_seller).toBe(1);
  });
});

it('refuses to start in production with the development operator password or deposit keys', () => {
  const keys = developmentDepositKeys();
  const { ADMIN_PASSWORD: _strong, ...withoutPassword } = productionEnv();
  expect(() => loadConfig(withoutPassword)).toThrow(/ADMIN_PASSWORD/);
  expect(() => loadConfig({ ...withoutPassword, ADMIN_PASSWORD: 'admin-dev-password' })).toThrow(/ADMIN_PASSWORD/);
  expect(loadConfig(productionEnv()).ADMIN_PASSWORD).toBe('a-strong-operator-password');
  const { DEPOSIT_XPUB_BTC: _btc, ...withoutKeys } = productionEnv();
  expect(() => loadConfig(withoutKeys)).toThrow(/DEPOSIT_XPUB_BTC/);
  expect(() => loadConfig({ ...productionEnv(), DEPOSIT_XPUB_ETH: keys.erc20 })).toThrow(/public mnemonic/);
});
