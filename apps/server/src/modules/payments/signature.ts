import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGN_TYPE = 'HMAC-SHA256';

/**
 * The text a payment message is signed over: every field but `sign` and `signType`, with a
 * value, sorted by name, as `name=value` joined by `&`.
 */
export function canonicalText(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((name) => name !== 'sign' && name !== 'signType' && fields[name] !== '')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
}

/** HMAC-SHA256 of the canonical text under the shared key, in lower-case hex. */
export function signFields(fields: Record<string, string>, key: string): string {
  return createHmac('sha256', key).update(canonicalText(fields), 'utf8').digest('hex');
}

/** True when `sign` is the fields' signature; compared in constant time. */
export function verifyFields(fields: Record<string, string>, key: string): boolean {
  const given = fields.sign ?? '';
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(signFields(fields, key), 'hex'));
}
