import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGN_TYPE = 'HMAC-SHA256';

/**
 * What a signature is for. The payment form the server signs and the callback the gateway signs
 * are told apart by the purpose inside the signed text, so neither can ever be passed off as the
 * other, whatever their fields.
 */
export type SignPurpose = 'payment-form' | 'payment-callback';

/**
 * The text a payment message is signed over: the purpose, then every field but `sign` and
 * `signType` sorted by name, each name and value written as a JSON string, one field a line.
 * JSON strings escape `"`, `\` and line breaks, so no value can end its field early or add one:
 * the text reads one way only.
 */
export function canonicalText(fields: Record<string, string>, purpose: SignPurpose): string {
  const names = Object.keys(fields)
    .filter((name) => name !== 'sign' && name !== 'signType')
    .sort();
  return [JSON.stringify(purpose), ...names.map((name) => `${JSON.stringify(name)}:${JSON.stringify(fields[name])}`)].join('\n');
}

/** HMAC-SHA256 of the canonical text for one purpose under the shared key, in lower-case hex. */
export function signFields(fields: Record<string, string>, key: string, purpose: SignPurpose): string {
  return createHmac('sha256', key).update(canonicalText(fields, purpose), 'utf8').digest('hex');
}

/** True when `sign` is the fields' signature for this purpose; compared in constant time. */
export function verifyFields(fields: Record<string, string>, key: string, purpose: SignPurpose): boolean {
  const given = fields.sign ?? '';
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(signFields(fields, key, purpose), 'hex'));
}
