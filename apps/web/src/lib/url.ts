/** Values a request may carry; `undefined` and `null` are left out. */
export type Params = Record<string, string | number | boolean | null | undefined>;

function entries(params: Params): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    out.push([key, String(value)]);
  }
  return out;
}

/** `a=1&b=2`, as old clients send POST bodies (application/x-www-form-urlencoded). */
export function formEncode(params: Params): string {
  return new URLSearchParams(entries(params)).toString();
}

/**
 * The URL of an `/api` call: the path under `/api/`, the given query parameters, and the
 * cache-busting `_timespan=<ms>` every request carries.
 */
export function apiUrl(path: string, query: Params, now: number): string {
  const clean = path.replace(/^\/+/, '').replace(/^api\//, '');
  const search = new URLSearchParams(entries(query));
  search.set('_timespan', String(now));
  return `/api/${clean}?${search.toString()}`;
}

/** A same-origin path with a query string, for links such as `/components/register?email=…`. */
export function withQuery(path: string, query: Params): string {
  const search = formEncode(query);
  return search ? `${path}?${search}` : path;
}
