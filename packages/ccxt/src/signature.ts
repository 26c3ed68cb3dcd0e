import { createHmac } from 'node:crypto';

/**
 * The signed text of Tessera's API v1: timestamp, method, path, query and body, each prefixed by
 * its length in UTF-8 bytes and a colon, joined by newlines (so no two requests share a text);
 * the signature is its HMAC-SHA256 under the key's secret, in hex.
 */
export function signRequest(secret: string, parts: { timestamp: string; method: string; path: string; query: string; body: string }): string {
  const text = [parts.timestamp, parts.method.toUpperCase(), parts.path, parts.query, parts.body].map((part) => `${Buffer.byteLength(part, 'utf8')}:${part}`).join('\n');
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}
