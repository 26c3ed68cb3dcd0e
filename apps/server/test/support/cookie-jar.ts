/** One `Set-Cookie` line: name, value and its attributes (names lower-cased). */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Map<string, string>;
}

export function parseSetCookie(line: string): SetCookie {
  const [pair = '', ...rest] = line.split(';');
  const at = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const part of rest) {
    const [key = '', ...value] = part.trim().split('=');
    attributes.set(key.toLowerCase(), value.join('='));
  }
  return { name: pair.slice(0, at).trim(), value: decodeURIComponent(pair.slice(at + 1).trim()), attributes };
}

const lines = (setCookie: string | string[] | undefined) => (setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]);

/**
 * The cookies a browser would keep for one site, carried by hand between calls: what each reply
 * sets is stored, what a reply clears (empty, Max-Age=0 or expired) is dropped.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookie: string | string[] | undefined): SetCookie[] {
    const parsed = lines(setCookie).map(parseSetCookie);
    for (const cookie of parsed) {
      const expires = cookie.attributes.get('expires');
      const cleared = cookie.value === '' || cookie.attributes.get('max-age') === '0' || (expires !== undefined && new Date(expires).getTime() <= Date.now());
      if (cleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return parsed;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** The `Cookie` header a browser would send; `{}` when there is none. */
  headers(): Record<string, string> {
    return this.cookies.size === 0 ? {} : { cookie: [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ') };
  }
}
