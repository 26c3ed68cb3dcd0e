/**
 * The operator API (/admin/api): JSON with HTTP status codes and a bearer token. The token lives
 * in sessionStorage (gone with the tab); a 401 ends the session in the app and shows the login.
 */
import { actionAnswered, actionKey } from '@tessera/protocol';

const BASE = '/admin/api';
const TOKEN_KEY = 'tessera_operator_token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
  ) {
    super(key);
    this.name = 'ApiError';
  }
}

let onLoggedOut: () => void = () => undefined;

export const session = {
  token(): string | null {
    try {
      return sessionStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set(token: string) {
    sessionStorage.setItem(TOKEN_KEY, token);
  },
  clear() {
    sessionStorage.removeItem(TOKEN_KEY);
  },
  onLoggedOut(handler: () => void) {
    onLoggedOut = handler;
  },
};

export type Query = Record<string, string | number | boolean | undefined | null>;

export function queryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, query?: Query): Promise<T> {
  const token = session.token();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const text = body === undefined ? undefined : JSON.stringify(body);
  // one key per operator action: a double click or a retry of a lost call applies once
  const signature = `${method} ${path}${queryString(query)} ${text ?? ''}`;
  const key = method === 'GET' ? undefined : actionKey(signature);
  if (key) headers['idempotency-key'] = key;
  const reply = await fetch(`${BASE}${path}${queryString(query)}`, { method, headers, body: text });
  // an answer frees the key, except a server fault, whose retry keeps it
  if (key && reply.status < 500) actionAnswered(signature, key);
  const payload = (await reply.json().catch(() => ({}))) as { error?: string };
  if (!reply.ok) {
    if (reply.status === 401 && path !== '/login') {
      session.clear();
      onLoggedOut();
    }
    throw new ApiError(reply.status, payload.error ?? `HTTP ${reply.status}`);
  }
  return payload as T;
}

/** Downloads a table's filtered rows as CSV (the server builds it; the token goes in the header). */
export async function downloadCsv(path: string, query: Query, name: string): Promise<void> {
  const token = session.token();
  const reply = await fetch(`${BASE}${path}${queryString({ ...query, page: undefined, limit: undefined, format: 'csv' })}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!reply.ok) throw new ApiError(reply.status, `HTTP ${reply.status}`);
  const url = URL.createObjectURL(await reply.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

export interface Page<Row> {
  list: Row[];
  page: number;
  pages: number;
  total: number;
}

export interface ServerHealth {
  status: 'ok' | 'unavailable';
  core: string;
  reason?: string;
}

/** The server's readiness (`/api/health`, public): 503 carries the reason too. */
export async function serverHealth(): Promise<ServerHealth> {
  const reply = await fetch('/api/health');
  const body = (await reply.json()) as { message?: ServerHealth };
  if (!body.message) throw new ApiError(reply.status, `HTTP ${reply.status}`);
  return body.message;
}
