import { nationalNumberOf } from '@tessera/protocol';
/**
 * Masks an account for display in the header:
 * - an 11-digit phone number keeps its first 3 and last 4 digits: `138****5678`; an E.164 account
 *   (`+8613812345678`) is masked by its national number, the same way;
 * - an e-mail keeps the first 3 characters of its local part and the domain: `ali****@example.com`;
 * - anything else longer than 7 characters is masked like a phone number; shorter values are shown
 *   as they are (there is nothing meaningful to hide).
 */
export function maskAccount(account: string): string {
  const trimmed = account.trim();
  // a phone account is E.164: its national number is what is shown
  const value = nationalNumberOf(trimmed) ?? trimmed;
  if (/^\d{11}$/.test(value)) return `${value.slice(0, 3)}****${value.slice(-4)}`;
  const at = value.lastIndexOf('@');
  if (at > 0) return `${value.slice(0, Math.min(3, at))}****${value.slice(at)}`;
  if (value.length > 7) return `${value.slice(0, 3)}****${value.slice(-4)}`;
  return value;
}
