import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HttpSms } from '../../src/modules/messaging/http-sms';
import { apiClient } from '../support/client';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

interface Received {
  path: string;
  contentType: string | undefined;
  authorization: string | undefined;
  body: unknown;
}

/** A tiny SMS gateway on 127.0.0.1: records what it is sent, answers with the status it is told. */
async function startGateway() {
  const received: Received[] = [];
  let status = 200;
  let answering = true;
  const readBody = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    return JSON.parse(text) as unknown;
  };
  const server: Server = createServer((request, response) => {
    void readBody(request).then((body) => {
      received.push({ path: request.url ?? '', contentType: request.headers['content-type'], authorization: request.headers.authorization, body });
      if (answering) response.writeHead(status, { 'content-type': 'application/json' }).end('{"accepted":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: `http://gateway-user:s3cret%21@127.0.0.1:${port}/send`,
    answerWith(code: number) {
      status = code;
    },
    stopAnswering() {
      answering = false;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describeEachDatabase('SMS through an HTTP gateway (SMS_URL)', (kind) => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let app: TestApp;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    gateway = await startGateway();
    app = await createTestApp(kind, { env: { SMS_URL: gateway.url } });
    api = apiClient(app);
  });
  afterAll(async () => {
    await app.close();
    await gateway.close();
  });

  it('POSTs {to, text} as JSON with the URL’s credentials as Basic authorization, and keeps no readable copy', async () => {
    expect((await api.post('sms_send', { user_string: '13912345678', country_code: '86', lan: 'en' })).body).toEqual({
      type: 'ok',
      message: 'operation ok',
    });
    expect(gateway.received).toHaveLength(1);
    const [message] = gateway.received;
    expect(message?.path).toBe('/send');
    expect(message?.contentType).toBe('application/json');
    expect(message?.authorization).toBe(`Basic ${Buffer.from('gateway-user:s3cret!').toString('base64')}`);
    const body = message?.body as { to: string; text: string };
    expect(Object.keys(body).sort()).toEqual(['text', 'to']);
    // the gateway is given the number in E.164, with its country code
    expect(body.to).toBe('+8613912345678');
    const code = /\b(\d{6})\b/.exec(body.text)?.[1];
    expect(code).toBeDefined();
    // the gateway, not the development outbox, carried it
    expect((await api.get<unknown[]>('dev/outbox', { to: '+8613912345678' })).body.message).toEqual([]);
    expect((await api.post('user/check_mobile', { user_string: '13912345678', mobile_code: code ?? '' })).body.type).toBe('ok');
  });

  it('answers a refusal, not a server error, when the gateway refuses, and keeps no code', async () => {
    gateway.answerWith(503);
    try {
      const reply = await api.post('sms_send', { user_string: '13800138000', country_code: '86' });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ type: 'error', message: 'send failure' });
      const rows = await app.db.query<{ n: number }>(`select count(*)::int as n from verification_codes where address = '13800138000'`);
      expect(rows[0]?.n).toBe(0);
      // nothing was kept, so a retry is not told to wait a minute
      gateway.answerWith(200);
      expect((await api.post('sms_send', { user_string: '13800138000', country_code: '86' })).body.type).toBe('ok');
    } finally {
      gateway.answerWith(200);
    }
  });
});

it('gives up on a gateway that does not answer within its timeout', async () => {
  const gateway = await startGateway();
  try {
    gateway.stopAnswering();
    const sms = new HttpSms(gateway.url, 50);
    await expect(sms.send({ recipient: '13912345678', subject: '', body: 'code', code: '123456' })).rejects.toThrow(/timeout|aborted/i);
  } finally {
    await gateway.close();
  }
});
