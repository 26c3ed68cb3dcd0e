import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient } from '../support/client';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

describeEachDatabase('HTTP conventions', (kind) => {
  let app: TestApp;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    app = await createTestApp(kind);
    api = apiClient(app);
  });
  afterAll(() => app.close());

  it('accepts form-urlencoded and JSON bodies alike', async () => {
    const form = await api.post<{ total: number }>('news/list', { c_id: 4 });
    const json = await app.http.inject({ method: 'POST', url: '/api/news/list', payload: { c_id: 4 } });
    expect(form.body.type).toBe('ok');
    expect(json.json()).toEqual(form.body);
  });

  it('reads a POST without any body as one without fields', async () => {
    const reply = await app.http.inject({ method: 'POST', url: '/api/user/login' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ type: 'error', message: 'enter account' });
  });

  it('ignores the cache-busting parameters', async () => {
    const reply = await app.http.inject({ method: 'GET', url: '/api/cfg/kefu?_timespan=1&timestamp=2' });
    expect(reply.json().type).toBe('ok');
  });

  it('answers a malformed JSON body with 400 and an envelope, no stack trace', async () => {
    const reply = await app.http.inject({
      method: 'POST',
      url: '/api/news/list',
      headers: { 'content-type': 'application/json' },
      payload: '{"c_id": 4',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ type: 'error', message: 'request body is malformed' });
  });

  it('answers an oversized payload with 413', async () => {
    const reply = await app.http.inject({
      method: 'POST',
      url: '/api/news/list',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `c_id=4&pad=${'x'.repeat(app.config.BODY_LIMIT_BYTES + 1)}`,
    });
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toEqual({ type: 'error', message: 'payload too large' });
  });

  it('refuses invalid fields in the envelope with HTTP 200', async () => {
    const reply = await api.post('news/detail', { id: 'abc' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ type: 'error', message: 'parameter error' });
  });

  it('answers 999 "please log in" to a private call without a token', async () => {
    const reply = await api.get('user/info');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ type: '999', message: 'please log in' });
  });

  it('treats the texts "null" and "undefined" as no token', async () => {
    expect((await api.get('user/info', {}, { token: 'null' })).body.message).toBe('please log in');
    expect((await api.get('user/info', {}, { token: 'undefined' })).body.message).toBe('please log in');
  });

  it('answers 999 "login expired" to an unknown token', async () => {
    const reply = await api.get('user/info', {}, { token: 'not-a-real-token' });
    expect(reply.body).toEqual({ type: '999', message: 'login expired, please log in again' });
  });

  it('accepts the token raw or as Bearer', async () => {
    const token = await api.login('demo@tessera.example', 'demo1234');
    expect((await api.get('user/info', {}, { token })).body.type).toBe('ok');
    expect((await api.get('user/info', {}, { token: `Bearer ${token}` })).body.type).toBe('ok');
  });

  it('renders refusals in the language of the lang header, and keys without it', async () => {
    const plain = await api.post('news/detail', { id: 987654 });
    expect(plain.body.message).toBe('news not found');
    const chinese = await api.post('news/detail', { id: 987654 }, { lang: 'zh' });
    expect(chinese.body.type).toBe('error');
    expect(chinese.body.message).not.toBe('news not found');
    expect(chinese.body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('keeps 999 messages verbatim whatever the language, since clients match them', async () => {
    const reply = await api.get('user/info', {}, { lang: 'zh' });
    expect(reply.body).toEqual({ type: '999', message: 'please log in' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const reply = await app.http.inject({ method: 'POST', url: '/api/no/such/call' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ type: 'error', message: 'not found' });
  });

  it('sets security headers', async () => {
    const reply = await app.http.inject({ method: 'GET', url: '/api/health' });
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-frame-options']).toBeDefined();
  });

  it('reports health with the database kind', async () => {
    const reply = await api.get<{ status: string; database: string }>('health');
    expect(reply.body.message).toEqual({ status: 'ok', database: kind, core: 'running', watchers: [] });
  });

  it('serves OpenAPI generated from the schemas at /api/docs', async () => {
    const page = await app.http.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
    const spec = await app.http.inject({ method: 'GET', url: '/api/docs/json' });
    const document = spec.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/user/login', '/api/user/info', '/api/news/list', '/api/currency/detail', '/api/qrcode']),
    );
    expect(document.paths['/api/news/list']).toHaveProperty('get');
    expect(document.paths['/api/news/list']).toHaveProperty('post');
  });
});

describeEachDatabase('server faults', (kind) => {
  it('answers a fault with a generic message and a request id, never a stack trace', async () => {
    const app = await createTestApp(kind);
    const logged: string[] = [];
    await app.db.close(); // every query now fails: a fault the handler did not expect
    try {
      const reply = await app.http.inject({ method: 'POST', url: '/api/news/list', payload: { c_id: 4 } });
      expect(reply.statusCode).toBe(500);
      const body = reply.json<{ type: string; message: string; request_id: string }>();
      expect(body.type).toBe('error');
      expect(body.message).toBe('server error, please retry later');
      expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(reply.body).not.toMatch(/at .*\.ts:\d+/);
      logged.push(body.request_id);
    } finally {
      await app.http.close();
    }
    expect(logged).toHaveLength(1);
  });
});

describeEachDatabase('rate limiting', (kind) => {
  it('answers 429 with an envelope past the per-minute limit', async () => {
    const app = await createTestApp(kind, { env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await app.http.inject({ method: 'GET', url: '/api/cfg/kefu' })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await app.http.inject({ method: 'GET', url: '/api/cfg/kefu' });
      expect(limited.json()).toEqual({ type: 'error', message: 'too many requests, please slow down' });
    } finally {
      await app.close();
    }
  });
});
