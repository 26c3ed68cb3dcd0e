import { generate } from 'otplib';
import { expect } from 'vitest';
import type { apiClient } from './client';
import type { TestApp } from './test-app';

type Api = ReturnType<typeof apiClient>;

/**
 * The newest verification code (six digits) sent to an address, read from the development outbox
 * as a developer would; security messages in between carry lock codes, which are not it.
 */
export async function latestCode(api: Api, address: string): Promise<string> {
  const reply = await api.get<{ code: string }[]>('dev/outbox', { to: address });
  const code = reply.body.message.find((message) => /^\d{6}$/.test(message.code))?.code;
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

/** The newest security message sent to an address: its subject, text and lock code (development outbox). */
export async function latestSecurityMessage(api: Api, address: string): Promise<{ subject: string; text: string; code: string } | undefined> {
  const reply = await api.get<{ subject: string; text: string; code: string }[]>('dev/outbox', { to: address });
  return reply.body.message.find((message) => !/^\d{6}$/.test(message.code));
}

/** The code an authenticator app shows for `secret` at `now` (`offsetSeconds` away). */
export function authenticatorCode(secret: string, now: Date, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(now.getTime() / 1000) + offsetSeconds });
}

/** Binds an authenticator to the user as the security screen does; answers its secret and the recovery codes. */
export async function bindAuthenticator(api: Api, token: string, now: Date, loginPassword = 'secret123'): Promise<{ secret: string; recoveryCodes: string[] }> {
  const secret = (await api.get<{ secret: string }>('google_bind/secret', {}, { token })).body.message.secret;
  const bound = await api.post<{ recovery_codes: string[] }>('google_bind/bind', { code: await authenticatorCode(secret, now), login_password: loginPassword }, { token });
  expect(bound.body.type).toBe('ok');
  return { secret, recoveryCodes: bound.body.message.recovery_codes };
}
