import type { TestApp } from './test-app';

export interface Envelope<T = unknown> {
  type: string;
  message: T;
  [field: string]: unknown;
}

export interface CallOptions {
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
  /** the client address the server sees (default 127.0.0.1) */
  remoteAddress?: string;
}

/**
 * Calls the API the way old clients do: form-urlencoded bodies, a cache-busting parameter, the
 * raw token in Authorization. Answers the parsed body with its HTTP status.
 */
export function apiClient(app: TestApp) {
  async function call<T>(method: 'GET' | 'POST', path: string, fields: Record<string, string | number> = {}, options: CallOptions = {}) {
    const params = new URLSearchParams(Object.entries(fields).map(([key, value]): [string, string] => [key, String(value)]));
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = options.token;
    if (options.lang) headers.lang = options.lang;
    const bust = `_timespan=${Date.now()}`;
    const from = options.remoteAddress ? { remoteAddress: options.remoteAddress } : {};
    const response =
      method === 'GET'
        ? await app.http.inject({ method, url: `/api/${path}?${bust}&${params}`, headers, ...from })
        : await app.http.inject({
            ...from,
            method,
            url: `/api/${path}?${bust}`,
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
            payload: params.toString(),
          });
    return { status: response.statusCode, body: response.json<Envelope<T>>(), headers: response.headers };
  }
  return {
    get: <T = unknown>(path: string, query?: Record<string, string | number>, options?: CallOptions) => call<T>('GET', path, query, options),
    post: <T = unknown>(path: string, form?: Record<string, string | number>, options?: CallOptions) => call<T>('POST', path, form, options),
    async login(account: string, password: string): Promise<string> {
      const reply = await call<string>('POST', 'user/login', { user_string: account, password, type: 1 });
      if (reply.body.type !== 'ok') throw new Error(`login failed: ${JSON.stringify(reply.body)}`);
      return reply.body.message;
    },
  };
}
