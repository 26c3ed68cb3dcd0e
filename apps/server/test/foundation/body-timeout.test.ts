import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let port = 0;

beforeAll(async () => {
  app = await createTestApp('pglite', { env: { BODY_TIMEOUT_MS: '500' } });
  await app.http.listen({ port: 0, host: '127.0.0.1' });
  const address = app.http.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => app.close());

/** Sends `head` and `body` raw, then waits for the server to close: what it answered and when. */
function rawRequest(head: string, body: string): Promise<{ reply: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(head + body));
    let reply = '';
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve({ reply, closedAfterMs: Date.now() - started }));
    setTimeout(() => socket.destroy(), 20_000).unref();
  });
}

it('cuts an unfinished chunked request body after BODY_TIMEOUT_MS with 408, and closes the connection', async () => {
  const head = `POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
  // one chunk, and never the last one
  const { reply, closedAfterMs } = await rawRequest(head, '5\r\n{"use\r\n');
  expect(reply).toMatch(/^HTTP\/1\.1 408/);
  expect(closedAfterMs).toBeLessThan(10_000);
});

it('cuts a request whose headers never end, the same way', async () => {
  const { reply, closedAfterMs } = await rawRequest('POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: appl', '');
  expect(reply).toMatch(/^HTTP\/1\.1 408/);
  expect(closedAfterMs).toBeLessThan(10_000);
});

it('lets a complete body through as before', async () => {
  const response = await fetch(`http://127.0.0.1:${port}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user_string: 'nobody@example.com', password: 'x' }) });
  expect(response.status).toBe(200);
});
