/**
 * Phone numbers in E.164: `+`, the country's dialling code, the national number without its
 * trunk prefix; digits only, at most 15 of them. One number has one spelling, so one account.
 */
export interface PhoneNumber {
  /** the dialling code, `''` when a `+` number starts with no listed code */
  countryCode: string;
  national: string;
  e164: string;
}

export const E164_MAX_DIGITS = 15;
const MIN_NATIONAL_DIGITS = 4;
/** What people type between digits: spaces, dashes, dots, slashes and brackets. */
const SEPARATORS = /[\s\-./()]/g;

/** Reads `86`, `+86`, `0086` or ` 86 ` as a dialling code: 1 to 3 digits, never starting with 0. */
export function diallingCodeOf(raw: string | undefined): string | undefined {
  const digits = (raw ?? '').trim().replace(/^(\+|00)/, '');
  return /^[1-9]\d{0,2}$/.test(digits) ? digits : undefined;
}

/**
 * The national number without the trunk prefix dialled inside the country: a leading 0 for most
 * countries; none in Italy, San Marino and the Vatican, where the 0 belongs to the number; a
 * leading 1 before a 10-digit North American number; a leading 8 before a 10-digit number in
 * Russia and Kazakhstan.
 */
export function withoutTrunkPrefix(countryCode: string, national: string): string {
  switch (countryCode) {
    case '39':
    case '378':
    case '379':
      return national;
    case '1':
      return national.length === 11 && national.startsWith('1') ? national.slice(1) : national;
    case '7':
      return national.length === 11 && national.startsWith('8') ? national.slice(1) : national;
    default:
      return national.startsWith('0') ? national.slice(1) : national;
  }
}

/**
 * Reads what a user typed as a phone number. A number starting `+` or `00` carries its own
 * country code (the longest listed code it starts with); any other is national, in the country
 * of `countryCode`. Separators and a bracketed trunk `(0)` are dropped. Undefined when it is not
 * a phone number: other characters, too few digits or more than E.164 allows.
 */
export function parsePhoneNumber(raw: string, countryCode: string, listedCodes: readonly string[]): PhoneNumber | undefined {
  const compact = raw.trim().replace(/\(0\)/g, '').replace(SEPARATORS, '');
  const international = /^(?:\+|00)([1-9]\d*)$/.exec(compact);
  let code: string;
  let national: string;
  if (international?.[1]) {
    const digits = international[1];
    code = [...listedCodes].sort((a, b) => b.length - a.length).find((listed) => digits.startsWith(listed)) ?? '';
    national = digits.slice(code.length);
  } else {
    if (!/^\d+$/.test(compact)) return undefined;
    code = countryCode;
    national = compact;
  }
  if (code) national = withoutTrunkPrefix(code, national);
  const length = code.length + national.length;
  if (national.length < MIN_NATIONAL_DIGITS || length > E164_MAX_DIGITS || (!code && length < 8)) return undefined;
  return { countryCode: code, national, e164: `+${code}${national}` };
}
