import { expect, it } from 'vitest';
import { tokenDigest } from '../../src/lib/tokens';
import { SessionRepository } from '../../src/modules/auth/session-repository';
import { registerUser } from '../support/accounts';
import { apiClient } from '../support/client';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

describeEachDatabase('a lock ends every session, also one opened while it was set', (kind) => {

  const { app } = useTestApp(kind);

  const lockInDatabase = (userId: number) => app.db.query(`update users set locked_until = '2099-01-01', lock_reason = 'test' where id = $1`, [userId]);

  it('checks the lock on every authenticated request, not only at login', async () => {
    const api = apiClient(app);
    const user = await registerUser(api, 'locked-later@example.com');
    // a session the lock did not revoke (opened by a login that was in flight, or another process)
    const fresh = await api.login('locked-later@example.com', 'secret123');
    await lockInDatabase(user.id);
    const reply = await api.get('user/info', {}, { token: fresh });
    expect(reply.body.type).toBe('999');
  });

  it('opens no session for a user locked while the password was being checked', async () => {
    const api = apiClient(app);
    const user = await registerUser(api, 'locked-in-flight@example.com');
    await lockInDatabase(user.id);
    const sessions = new SessionRepository(app.db);
    const now = new Date();
    const opened = await sessions.create({ userId: user.id, digest: tokenDigest('in-flight-token'), createdAt: now, expiresAt: new Date(now.getTime() + 3_600_000), ip: '127.0.0.1', userAgent: 'test' });
    expect(opened).toBe(false);
    const [row] = await app.db.query<{ n: number }>(`select count(*)::int as n from sessions where token_hash = $1`, [tokenDigest('in-flight-token')]);
    expect(row!.n).toBe(0);
  });
});
