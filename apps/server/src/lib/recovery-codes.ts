import { randomInt } from 'node:crypto';
import { tokenDigest } from './tokens';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `groups` groups of `size` random letters and digits joined by dashes, none that look alike (about 4.95 bits each). */
export function newReadableCode(groups: number, size: number): string {
  return Array.from({ length: groups }, () => Array.from({ length: size }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join('-');
}

/** `xxxxx-xxxxx`: ten random letters and digits (about 49 bits). */
export function newRecoveryCode(): string {
  return newReadableCode(2, 5);
}

/**
 * What is stored of a code made by `newReadableCode` (recovery codes, lock codes): the SHA-256 of
 * its letters, without case, spaces or dashes. The codes are long and random, so a fast digest is
 * enough; they are never stored readable.
 */
export function recoveryCodeDigest(code: string): string {
  return tokenDigest(code.toLowerCase().replace(/[\s-]/g, ''));
}
