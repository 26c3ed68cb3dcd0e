import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig } from '../../src/config';
import { OutboxRepository } from '../../src/modules/messaging/outbox-repository';
import { registerUser } from '../support/accounts';
import { apiClient } from '../support/client';
import { productionEnv } from '../support/production-env';
import { createTestApp, createTestDatabase, describeEachDatabase, type TestApp } from '../support/test-app';

async function withApp(kind: Parameters<typeof createTestApp>[0], env: Record<string, string>, test: (app: TestApp) => Promise<void>) {
  const app = await createTestApp(kind, { env });
  try {
    await test(app);
  } finally {
    await app.close();
  }
}

const randomAddress = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

describeEachDatabase('development routes', (kind) => {
  it('answer this machine only, however widely the server listens', async () => {
    await withApp(kind, { HOST: '0.0.0.0' }, async (app) => {
      const outbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
        app.http.inject({ method: 'GET', url: '/api/dev/outbox?to=demo@tessera.example', remoteAddress, headers });
      const chain = (remoteAddress: string) =>
        app.http.inject({ method: 'POST', url: '/api/dev/chain/deposit', remoteAddress, payload: { network: 'btc' } });
      expect((await outbox('127.0.0.1')).json()).toEqual({ type: 'ok', message: [] });
      expect((await outbox('::1')).statusCode).toBe(200);
      expect((await outbox('::ffff:127.0.0.1')).statusCode).toBe(200);
      expect((await chain('127.0.0.1')).json()).toEqual({ type: 'error', message: 'parameter error' });

      for (const stranger of ['203.0.113.9', '10.0.0.5', '::ffff:203.0.113.9', '2001:db8::1']) {
        const read = await outbox(stranger);
        expect(read.statusCode).toBe(404);
        expect(read.json()).toEqual({ type: 'error', message: 'not found' });
        expect((await chain(stranger)).statusCode).toBe(404);
      }
      // a proxy on this machine relays strangers from a loopback socket: refused too
      expect((await outbox('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
      expect((await outbox('127.0.0.1', { forwarded: 'for=203.0.113.9' })).statusCode).toBe(404);
      // the API reference is served by default outside production
      expect((await app.http.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    });
  });
});

describeEachDatabase('without demo data or phone sign-up', (kind) => {
  it('a production server refuses guest login and has no API reference', async () => {
    await withApp(kind, productionEnv(), async (app) => {
      const reply = await apiClient(app).post('user/login', { is_vistor: 1 });
      expect(reply.body).toEqual({ type: 'error', message: 'guest login is not available' });
      expect((await app.http.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
      expect((await app.http.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    });
  });

  it('DEMO_DATA, PHONE_SIGNUP and API_DOCS off: no guest, no phone numbers, no reference; e-mail accounts still register', async () => {
    await withApp(kind, { DEMO_DATA: 'off', PHONE_SIGNUP: 'off', API_DOCS: 'off' }, async (app) => {
      const api = apiClient(app);
      expect((await api.post('user/login', { is_vistor: 1 })).body).toEqual({ type: 'error', message: 'guest login is not available' });
      expect((await api.post('sms_send', { user_string: '13912345678', country_code: '86' })).body).toEqual({
        type: 'error',
        message: 'text messages are not available',
      });
      expect((await api.post('sms_send', { user_string: '13912345678', type: 'forget' })).body.message).toBe('text messages are not available');
      const phone = await api.post('user/register', { user_string: '13912345678', code: '123456', password: 'secret123', re_password: 'secret123', country_code: '86' });
      expect(phone.body).toEqual({ type: 'error', message: 'phone sign-up is not available' });
      const rows = await app.db.query<{ n: number }>('select count(*)::int as n from verification_codes');
      expect(rows[0]?.n).toBe(0);
      await registerUser(api, 'mail-only@example.com');
      expect((await app.http.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
      expect((await app.http.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    });
  });
});

describeEachDatabase('a production start', (kind) => {
  it('refuses a database holding demo accounts, and empties the development outbox', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tessera-production-'));
    const seeded = await createTestDatabase(kind);
    const clean = await createTestDatabase(kind);
    try {
      const production = loadConfig({ ...productionEnv(), DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      await prepareDatabase(seeded, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
      await expect(prepareDatabase(seeded, production)).rejects.toThrow(/demo accounts exist \(10000000000, demo@tessera.example/);

      await prepareDatabase(clean, loadConfig({ NODE_ENV: 'test', DEMO_DATA: 'off', DATA_DIR: dataDir }));
      const outbox = new OutboxRepository(clean);
      await outbox.add({ channel: 'email', recipient: 'someone@example.com', subject: 'code', body: 'code 123456', code: '123456' }, new Date());
      await prepareDatabase(clean, production);
      expect(await outbox.listFor('someone@example.com')).toEqual([]);
    } finally {
      await seeded.close();
      await clean.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describeEachDatabase('TRUST_PROXY', (kind) => {
  const LIMIT = 5;
  const PROXY = '10.0.0.2';
  const health = (app: TestApp, remoteAddress: string, forwardedFor?: string) =>
    app.http.inject({ method: 'GET', url: '/api/health', remoteAddress, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });

  /** What a client gets by writing a new X-Forwarded-For on each request: the proxy appends its real address. */
  async function spoofingClient(app: TestApp, realAddress: string, remoteAddress = PROXY): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1) statuses.push((await health(app, remoteAddress, `${randomAddress()}, ${realAddress}`)).statusCode);
    return statuses;
  }

  it('with a hop count, a spoofed X-Forwarded-For does not escape the rate limit: only the hop nearest the proxy counts', async () => {
    await withApp(kind, { TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: String(LIMIT) }, async (app) => {
      const statuses = await spoofingClient(app, '203.0.113.7');
      expect(statuses.slice(0, LIMIT).every((status) => status === 200)).toBe(true);
      expect(statuses[LIMIT]).toBe(429);
      // the limit is the client's own: another client behind the same proxy still gets through
      expect((await health(app, PROXY, `${randomAddress()}, 203.0.113.8`)).statusCode).toBe(200);
    });
  });

  it('with the proxies’ addresses, neither a client behind the proxy nor one going around it escapes the rate limit', async () => {
    await withApp(kind, { TRUST_PROXY: `${PROXY}, 192.168.0.0/16`, RATE_LIMIT_PER_MINUTE: String(LIMIT) }, async (app) => {
      const statuses = await spoofingClient(app, '203.0.113.7');
      expect(statuses.slice(0, LIMIT).every((status) => status === 200)).toBe(true);
      expect(statuses[LIMIT]).toBe(429);
      expect((await health(app, PROXY, `${randomAddress()}, 203.0.113.8`)).statusCode).toBe(200);
      // not a listed proxy: what it writes in X-Forwarded-For is not read, its own address counts
      const direct = await spoofingClient(app, '203.0.113.9', '198.51.100.1');
      expect(direct[LIMIT]).toBe(429);
    });
  });
});
