import { beforeAll, expect, it } from 'vitest';
import { authenticatorCode, bindAuthenticator, latestSecurityMessage, operatorCall, operatorToken, registerUser } from '../support/accounts';
import { manualClock } from '../support/clock';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

const PASSWORD = 'operator-password-1';
type Call = ReturnType<typeof operatorCall>;

interface UserPage {
  second_factor: { bound: boolean; recovery_codes_left: number };
  sessions: { ip: string; device: string; live: boolean; last_seen_at: string | null }[];
  login_history: { ip: string; device: string; result: string }[];
}

describeEachDatabase('operators and account protection', (kind) => {
  const time = manualClock();
  let admin: Call;
  const as: Record<'support' | 'finance' | 'admin2', Call> = {} as never;
  let user: { token: string; id: number };
  let secret: string;
  const login = (fields: Record<string, string> = {}) =>
    api.post<string>('user/login', { user_string: 'protected@example.com', password: 'secret123', ...fields }, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0' } });

  const { app, api } = useTestApp(kind, { clock: time.clock });
  beforeAll(async () => {
    admin = operatorCall(app, await operatorToken(app));
    for (const [name, role] of [['support', 'support'], ['finance', 'finance'], ['admin2', 'admin']] as const) {
      expect((await admin('POST', '/operators', { email: `${name}@ops.example`, password: PASSWORD, role })).status).toBe(200);
      const reply = await app.http.inject({ method: 'POST', url: '/admin/api/login', payload: { email: `${name}@ops.example`, password: PASSWORD } });
      as[name] = operatorCall(app, reply.json<{ token: string }>().token);
    }
    user = await registerUser(api, 'protected@example.com');
    ({ secret } = await bindAuthenticator(api, user.token, time.clock()));
    time.advanceSeconds(30);
    await login({ google_code: '000000' });
    expect((await login({ google_code: await authenticatorCode(secret, time.clock()) })).body.type).toBe('ok');
  });

  it('shows a user’s authenticator, sessions with device and last use, and login history on the user page', async () => {
    const page = await admin('GET', `/users/${user.id}`);
    expect(page.status).toBe(200);
    const body = page.body as unknown as UserPage;
    expect(body.second_factor).toMatchObject({ bound: true, recovery_codes_left: 10 });
    expect(body.sessions.filter((session) => session.live)).toHaveLength(2);
    expect(body.sessions.map((session) => session.device)).toContain('Firefox 121 on Linux');
    expect(body.sessions[0]?.last_seen_at).not.toBeNull();
    expect(body.login_history.map((row) => row.result)).toEqual(['ok', 'wrong code', 'ok']);
  });

  it('ends every session of a user, in the operator log; support may, a finance operator may not', async () => {
    expect(await as.finance('POST', `/users/${user.id}/sessions/end`)).toEqual({ status: 403, body: { error: 'operator role not allowed' } });
    expect((await api.get('user/info', {}, { token: user.token })).body.type).toBe('ok');
    expect(await as.support('POST', `/users/${user.id}/sessions/end`)).toEqual({ status: 200, body: { ok: true } });
    expect((await api.get('user/info', {}, { token: user.token })).body.type).toBe('999');
    const page = (await admin('GET', `/users/${user.id}`)).body as unknown as UserPage;
    expect(page.sessions.filter((session) => session.live)).toHaveLength(0);
    expect((await admin('GET', `/operator-log?user_id=${user.id}&action=user.sessions.end`)).body.list).toHaveLength(1);
    expect(await as.support('POST', '/users/999999/sessions/end')).toEqual({ status: 404, body: { error: 'user not found' } });
  });

  it('resets a user’s authenticator only once a second operator, an admin, approves: every step logged, the user told', async () => {
    expect((await as.support('POST', `/users/${user.id}/second-factor/reset`, {})).status).toBe(400);
    const asked = await as.support('POST', `/users/${user.id}/second-factor/reset`, { reason: 'lost phone, identity checked by video call' });
    expect(asked.status).toBe(200);
    const id = Number(asked.body.pending_approval);
    // nothing changes while it waits
    expect((await login()).body.message).toBe('google code required');
    const queue = await admin('GET', '/adjustments?status=pending');
    expect(queue.body.list).toMatchObject([{ id: String(id), kind: 'second_factor_reset', user_id: user.id, amount: null }]);
    // the asker may not approve; support may not reach the queue; finance may not approve a reset
    expect(await as.support('POST', `/adjustments/${id}/approve`)).toEqual({ status: 403, body: { error: 'operator role not allowed' } });
    expect(await as.finance('POST', `/adjustments/${id}/approve`)).toEqual({ status: 403, body: { error: 'operator role not allowed' } });
    expect((await login()).body.message).toBe('google code required');
    expect(await as.admin2('POST', `/adjustments/${id}/approve`)).toEqual({ status: 200, body: { applied: true } });
    expect(await admin('POST', `/adjustments/${id}/approve`)).toEqual({ status: 404, body: { error: 'adjustment not found' } });
    expect((await login()).body.type).toBe('ok');
    const log = await admin('GET', `/operator-log?target=adjustment:${id}`);
    expect(log.body.list).toMatchObject([{ action: 'user.second_factor.reset' }, { action: 'user.second_factor.reset.request' }]);
    expect((await latestSecurityMessage(api, 'protected@example.com'))?.subject).toBe('The authenticator of your Tessera account was reset');
    // with none bound there is nothing to reset
    expect(await as.support('POST', `/users/${user.id}/second-factor/reset`, { reason: 'again' })).toEqual({ status: 409, body: { error: 'google authenticator not bound' } });
  });

  it('lets the operator who asked not approve it, and a second operator reject it', async () => {
    const token = (await login()).body.message;
    time.advanceSeconds(60);
    ({ secret } = await bindAuthenticator(api, token, time.clock()));
    const asked = await admin('POST', `/users/${user.id}/second-factor/reset`, { reason: 'asked by phone' });
    const id = Number(asked.body.pending_approval);
    expect(await admin('POST', `/adjustments/${id}/approve`)).toEqual({ status: 409, body: { error: 'a second operator must approve' } });
    expect(await as.admin2('POST', `/adjustments/${id}/reject`)).toEqual({ status: 200, body: { ok: true } });
    expect((await login()).body.message).toBe('google code required');
    const log = await admin('GET', `/operator-log?target=adjustment:${id}`);
    expect(log.body.list).toMatchObject([{ action: 'user.second_factor.reset.reject' }, { action: 'user.second_factor.reset.request' }]);
  });
});
