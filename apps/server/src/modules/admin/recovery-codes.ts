import { randomInt } from 'node:crypto';
import { tokenDigest } from '../../lib/tokens';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx`: ten random letters and digits (about 49 bits), none that look alike. */
export function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < 10; index += 1) code += (index === 5 ? '-' : '') + ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/**
 * What is stored of a recovery code: the SHA-256 of its letters, without case, spaces or dashes.
 * The codes are long and random, so a fast digest is enough; they are never stored readable.
 */
export function recoveryCodeDigest(code: string): string {
  return tokenDigest(code.toLowerCase().replace(/[\s-]/g, ''));
}
