import { expect } from 'vitest';
import type { apiClient } from './client';
import type { TestApp } from './test-app';

type Api = ReturnType<typeof apiClient>;

/** The newest code sent to an address, read from the development outbox as a developer would. */
export async function latestCode(api: Api, address: string): Promise<string> {
  const reply = await api.get<{ code: string }[]>('dev/outbox', { to: address });
  const code = reply.body.message[0]?.code;
  if (!code) throw new Error(`no code in the outbox for ${address}`);
  return code;
}

/** Where codes for an account go: the e-mail, or the phone number in E.164 (a national number is mainland). */
export function codeAddress(account: string): string {
  return account.includes('@') || account.startsWith('+') ? account : `+86${account}`;
}

/** Registers an account end to end (code by e-mail or SMS), answering its token and user id. */
export async function registerUser(
  api: Api,
  account: string,
  options: { password?: string; inviteCode?: string } = {},
): Promise<{ token: string; id: number }> {
  const password = options.password ?? 'secret123';
  const channel = account.includes('@') ? 'sms_mail' : 'sms_send';
  const sent = await api.post(channel, { user_string: account, type: 'register', country_code: '86' });
  expect(sent.body).toEqual({ type: 'ok', message: 'operation ok' });
  const code = await latestCode(api, codeAddress(account));
  const registered = await api.post('user/register', {
    user_string: account,
    code,
    password,
    re_password: password,
    extension_code: options.inviteCode ?? '',
    country_code: '86',
  });
  expect(registered.body).toEqual({ type: 'ok', message: 'operation ok' });
  const token = await api.login(account, password);
  const info = await api.get<{ id: number }>('user/info', {}, { token });
  return { token, id: info.body.message.id };
}

/** An operator session through the operator API. */
export async function operatorToken(app: TestApp): Promise<string> {
  const reply = await app.http.inject({
    method: 'POST',
    url: '/admin/api/login',
    payload: { email: app.config.ADMIN_EMAIL, password: app.config.ADMIN_PASSWORD },
  });
  expect(reply.statusCode).toBe(200);
  return reply.json<{ token: string }>().token;
}

export function operatorCall(app: TestApp, token: string) {
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const reply = await app.http.inject({
      method,
      url: `/admin/api${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
    return { status: reply.statusCode, body: reply.json<Record<string, unknown>>() };
  };
}
