import type { RegisteredRoute } from '../../src/app/route-list';
import type { TestApp } from './test-app';

export interface RouteReply {
  status: number;
  body: unknown;
  text: string;
}

export interface RouteCallOptions {
  /** Sent raw in `Authorization`, as old clients send it. */
  token?: string;
  /** Query fields for GET, a JSON body otherwise. */
  fields?: Record<string, unknown>;
  /** Values of the path's `:name` parameters; any not given is `1`. */
  params?: Record<string, string | number>;
}

export function routeKey(route: RegisteredRoute): string {
  return `${route.method} ${route.url}`;
}

/** The route's path with its parameters filled in (`*` becomes a file name). */
export function concretePath(url: string, params: Record<string, string | number> = {}): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(params[name] ?? 1))).replace(/\*$/, 'missing.txt');
}

/** Calls any route the way a client would: a query for GET, a JSON body otherwise. */
export async function callRoute(app: TestApp, route: RegisteredRoute, options: RouteCallOptions = {}): Promise<RouteReply> {
  const fields = options.fields ?? {};
  const path = concretePath(route.url, options.params);
  const headers: Record<string, string> = options.token === undefined ? {} : { authorization: options.token };
  const isRead = route.method === 'GET' || route.method === 'HEAD';
  const query = new URLSearchParams(Object.entries(fields).map(([key, value]): [string, string] => [key, String(value)])).toString();
  const response = await app.http.inject({
    method: route.method as 'GET',
    url: isRead && query ? `${path}?${query}` : path,
    headers,
    ...(isRead ? {} : { payload: fields }),
  });
  let body: unknown = response.body;
  if (String(response.headers['content-type'] ?? '').includes('json')) body = response.json();
  return { status: response.statusCode, body, text: response.body };
}
