import { expect, it } from 'vitest';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';
import { apiClient } from '../support/client';

describeEachDatabase('metrics and health', (kind) => {

  const { app } = useTestApp(kind);

  it('serves every listed series in Prometheus format to this machine', async () => {
    const api = apiClient(app);
    await api.post('user/login', { is_vistor: 1 });
    // a refused command: counted under its kind, as a command and as a refusal
    await app.core.execute({ kind: 'transfer', key: 'metrics-test', userId: 1, currencyId: 3, from: 'change', to: 'lever', amount: 10n ** 40n }).catch(() => undefined);
    const reply = await app.http.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
    for (const series of [
      'tessera_core_batch_size_bucket',
      'tessera_core_commit_seconds_bucket',
      'tessera_core_queue_depth',
      'tessera_core_commands_total{kind="transfer",role="all"} 1',
      'tessera_core_refusals_total{kind="transfer",role="all"} 1',
      'tessera_core_deadlines_pending',
      'tessera_core_triggers_pending',
      'tessera_index_staleness_seconds',
      'tessera_watcher_lag_seconds',
      'tessera_sockets',
      'tessera_socket_deliveries_total',
      'method="POST",route="/api/user/login",status="200"',
    ]) {
      expect(reply.body, series).toContain(series);
    }
    expect(reply.body).toContain('role="all"');
  });

  it('answers nobody outside the operators’ allow-list (this machine, when there is none)', async () => {
    const reply = await app.http.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(reply.statusCode).toBe(404);
    expect(reply.body).not.toContain('tessera_');
  });

  it('answers liveness whatever the database does, and readiness only while the database answers', async () => {
    expect((await app.http.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ type: 'ok', message: { status: 'ok' } });
    const ready = await app.http.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ message: { status: 'ok', core: 'running' } });
    const query = app.db.query.bind(app.db);
    app.db.query = (async () => {
      throw new Error('connection refused');
    }) as typeof app.db.query;
    try {
      const down = await app.http.inject({ method: 'GET', url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ message: { status: 'unavailable' } });
      expect((await app.http.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      expect((await app.http.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      app.db.query = query;
    }
  });
});
