import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';
import { LONGEST_RECEIVE_WINDOW_MS } from '../../core/admissions/admission';

/** The headers of a signed request (lower case, as Node gives them). */
export const SIGNED_HEADERS = {
  key: 'x-tsr-apikey',
  timestamp: 'x-tsr-timestamp',
  signature: 'x-tsr-signature',
  recvWindow: 'x-tsr-recv-window',
} as const;

/** How far a request's timestamp may be from the server's clock, by default and at most. */
export const DEFAULT_RECV_WINDOW_MS = 5_000;
export const MAX_RECV_WINDOW_MS = LONGEST_RECEIVE_WINDOW_MS;

/** What a signature covers: every part of the request that changes its meaning. */
export interface SignedParts {
  /** epoch milliseconds, as sent in the header */
  timestamp: string;
  method: string;
  /** the path as sent, without the query: `/api/v1/order` */
  path: string;
  /** the query string as sent, without `?`; empty when none */
  query: string;
  /** the body as sent, byte for byte; empty when none */
  body: string;
}

/**
 * The text that is signed: each part prefixed by its length in UTF-8 bytes and a colon, the parts
 * joined by newlines, in the order timestamp, method, path, query, body. Because every part says
 * how long it is, no two different requests give the same text (a `?` moved from path to query, or
 * a newline inside the body, cannot pass for another split of the parts).
 */
export function signingText(parts: SignedParts): string {
  // concatenated without an intermediate array: it runs for every signed request
  const { timestamp, path, query, body } = parts;
  const method = parts.method.toUpperCase();
  return `${Buffer.byteLength(timestamp, 'utf8')}:${timestamp}\n${Buffer.byteLength(method, 'utf8')}:${method}\n${Buffer.byteLength(path, 'utf8')}:${path}\n${Buffer.byteLength(query, 'utf8')}:${query}\n${Buffer.byteLength(body, 'utf8')}:${body}`;
}

/** HMAC-SHA256 of the signing text under the key's secret (its text, or a key object made of it once), as bytes. */
function digest(secret: string | KeyObject, parts: SignedParts): Buffer {
  return createHmac('sha256', secret).update(signingText(parts), 'utf8').digest();
}

/** HMAC-SHA256 of the signing text under the key's secret, in lower-case hex. */
export function sign(secret: string | KeyObject, parts: SignedParts): string {
  return digest(secret, parts).toString('hex');
}

const SIGNATURE_FORMAT = /^[0-9a-fA-F]{64}$/;

/** Compares in constant time; false for anything that is not 64 hex digits. */
export function signatureMatches(secret: string | KeyObject, parts: SignedParts, signature: string): boolean {
  if (!SIGNATURE_FORMAT.test(signature)) return false;
  return timingSafeEqual(digest(secret, parts), Buffer.from(signature, 'hex'));
}
