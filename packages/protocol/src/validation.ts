/**
 * Input rules shared by the server (which enforces them) and the web app (which mirrors them in
 * its forms), so both refuse the same things with the same message keys.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
/** A mainland mobile number: 11 digits, 1 then 3–8. */
export const MAINLAND_MOBILE_PATTERN = /^1[3-8]\d{9}$/;
/** A number in another country: digits only, as the country's own format. */
export const INTERNATIONAL_MOBILE_PATTERN = /^\d{5,15}$/;
/** A phone number in E.164, as phone accounts are named: `+`, the dialling code, up to 15 digits. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
/** Login passwords: 6 to 16 letters or digits. */
export const PASSWORD_PATTERN = /^[A-Za-z0-9]{6,16}$/;
/** Fund (payment) passwords: exactly six digits. */
export const PAY_PASSWORD_PATTERN = /^\d{6}$/;
export const VERIFICATION_CODE_PATTERN = /^\d{6}$/;
/** Identity document numbers: letters, digits and dashes. */
export const CARD_ID_PATTERN = /^[A-Za-z0-9-]{4,32}$/;
export const CHINESE_CHARACTER = /[\u3400-\u9fff\uf900-\ufaff]/;

export const CODE_RESEND_SECONDS = 60;
export const CODE_TTL_MINUTES = 10;
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

export function isEmail(value: string): boolean {
  return value.length <= 120 && EMAIL_PATTERN.test(value);
}

/** A phone number for a country code: mainland rules for 86, digits for the rest; or an E.164 number. */
export function isMobile(value: string, countryCode = '86'): boolean {
  if (value.startsWith('+')) return E164_PATTERN.test(value);
  return countryCode === '86' || countryCode === '' ? MAINLAND_MOBILE_PATTERN.test(value) : INTERNATIONAL_MOBILE_PATTERN.test(value);
}
