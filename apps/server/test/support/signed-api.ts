import { expect } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { sign } from '../../src/modules/api-v1/signature';
import { UserRepository } from '../../src/modules/users/repository';
import { registerUser } from './accounts';
import type { apiClient } from './client';
import type { TestApp } from './test-app';

export interface ApiCredentials {
  key: string;
  secret: string;
}

export interface SignedCall {
  query?: string;
  body?: unknown;
  /** epoch ms; default now */
  timestamp?: number;
  recvWindow?: number;
  remoteAddress?: string;
  /** what the signature covers, where a test signs one thing and sends another */
  signAs?: Partial<{ method: string; path: string; query: string; body: string; timestamp: string }>;
}

/** A signed request to the v1 API, as a bot sends it (docs/api-v1.md "Signing"). */
export async function signedCall(app: TestApp, credentials: ApiCredentials, method: 'GET' | 'POST' | 'DELETE', path: string, call: SignedCall = {}) {
  const timestamp = String(call.timestamp ?? Date.now());
  const query = call.query ?? '';
  const body = call.body === undefined ? '' : JSON.stringify(call.body);
  const signature = sign(credentials.secret, {
    timestamp: call.signAs?.timestamp ?? timestamp,
    method: call.signAs?.method ?? method,
    path: call.signAs?.path ?? path,
    query: call.signAs?.query ?? query,
    body: call.signAs?.body ?? body,
  });
  const response = await app.http.inject({
    method,
    url: query ? `${path}?${query}` : path,
    headers: {
      'x-tsr-apikey': credentials.key,
      'x-tsr-timestamp': timestamp,
      'x-tsr-signature': signature,
      ...(call.recvWindow === undefined ? {} : { 'x-tsr-recv-window': String(call.recvWindow) }),
      ...(body === '' ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === '' ? {} : { payload: body }),
    ...(call.remoteAddress ? { remoteAddress: call.remoteAddress } : {}),
  });
  return { status: response.statusCode, headers: response.headers, body: response.json<{ type: string; message: unknown }>() };
}

/** A registered user with funds in the spot wallet and an API key of the given scopes. */
export async function botAccount(app: TestApp, api: ReturnType<typeof apiClient>, account: string, key: { scopes: string; ips?: string } = { scopes: 'read,trade' }) {
  const user = await registerUser(api, account);
  await fund(app, user.id);
  const credentials = await createKey(api, user.token, key);
  return { ...user, credentials };
}

/**
 * The same without a login (no password hashing, no codes): a user row, funds, and a key made by
 * the service, for tests that only sign requests.
 */
export async function keyOnlyBot(app: TestApp, account: string, scopes = 'read,trade') {
  const { id } = await new UserRepository(app.db).create({ account, email: account, passwordHash: 'no login', extensionCode: account.slice(0, 8).toUpperCase() });
  await fund(app, id);
  const created = await app.services.apiKeys.create({ id, isVistor: false }, { label: 'bot', scopes });
  return { id, credentials: { key: created.key, secret: created.secret } };
}

async function fund(app: TestApp, userId: number): Promise<void> {
  for (const [currencyId, amount] of [[3, '1000000'], [1, '100']] as const) {
    await app.core.execute({ kind: 'adjust', key: `bot-funds-${userId}-${currencyId}`, userId, currencyId, wallet: 'change', amount: parseAmount(amount), reason: 'adjustment', reference: 'test' });
  }
}

export async function createKey(api: ReturnType<typeof apiClient>, token: string, key: { scopes: string; ips?: string; label?: string }): Promise<ApiCredentials> {
  const created = await api.post<{ key: string; secret: string }>('apikey/create', { label: key.label ?? 'bot', scopes: key.scopes, ips: key.ips ?? '' }, { token });
  expect(created.body.type, JSON.stringify(created.body)).toBe('ok');
  return { key: created.body.message.key, secret: created.body.message.secret };
}
