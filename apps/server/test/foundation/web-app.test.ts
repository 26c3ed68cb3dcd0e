import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

describeEachDatabase('serving the web app', (kind) => {
  let app: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'tessera-dist-'));
    await mkdir(path.join(dist, 'static'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head><script>window.x=1</script></head><body>app</body></html>');
    await writeFile(path.join(dist, 'static', 'app.js'), 'console.log(1)');
    app = await createTestApp(kind, { env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html at / and at every client route, with a CSP that allows its inline script by hash', async () => {
    for (const url of ['/', '/?from=banner', '/dealCenter', '/components/noticeDetail?id=3']) {
      const reply = await app.http.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body).toContain('<body>app</body>');
      expect(reply.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    }
  });

  it('serves built files, also ones written after start', async () => {
    expect((await app.http.inject({ method: 'GET', url: '/static/app.js' })).body).toBe('console.log(1)');
    await writeFile(path.join(dist, 'static', 'later.js'), 'console.log(2)');
    expect((await app.http.inject({ method: 'GET', url: '/static/later.js' })).body).toBe('console.log(2)');
  });

  it('answers unknown API, media and upload paths with a JSON 404, not the page', async () => {
    for (const url of ['/api/nothing', '/media/nothing.svg', '/uploads/nothing.png']) {
      const reply = await app.http.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.json()).toEqual({ type: 'error', message: 'not found' });
    }
  });
});
