import { isEmail, isMobile } from '@tessera/protocol';

export interface AccountAddress {
  channel: 'email' | 'sms';
  /** the account name: a lower-cased e-mail or the digits of a phone number */
  address: string;
}

/** Reads an e-mail or phone number as an account address, or undefined when it is neither. */
export function parseAccountAddress(raw: string, countryCode = '86'): AccountAddress | undefined {
  const value = raw.trim();
  if (value.includes('@')) return isEmail(value) ? { channel: 'email', address: value.toLowerCase() } : undefined;
  return isMobile(value, countryCode) ? { channel: 'sms', address: value } : undefined;
}

/** Country codes arrive as `86` or `+86`. */
export function normaliseCountryCode(raw: string | undefined): string {
  return (raw ?? '').replace(/^\+/, '').trim() || '86';
}
