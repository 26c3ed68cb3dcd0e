import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: what the client stores and sends back in `Authorization`. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Only this digest is stored, so the sessions table cannot be replayed if it leaks. Computed on
 * every authenticated request: the one-shot `hash` costs half of createHash().update().digest().
 */
export function tokenDigest(token: string): string {
  return hash('sha256', token, 'hex');
}

/** A short random invite code of unambiguous letters and digits. */
export function newInviteCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  let code = '';
  for (const byte of bytes) code += alphabet[byte % alphabet.length];
  return code;
}
