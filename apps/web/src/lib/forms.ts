import { CARD_ID_PATTERN, CHINESE_CHARACTER, MAX_UPLOAD_BYTES, type MessageKey, PASSWORD_PATTERN, PAY_PASSWORD_PATTERN, isEmail, isMobile } from '@tessera/protocol';

/**
 * The client checks of the account forms. They mirror the server's rules and answer
 * with the same message keys, which the screens render through apitip. `undefined` means fine.
 */
export type Check = MessageKey | undefined;

/** An e-mail to send a code to or bind (sms_mail, safe/email). */
export function checkEmail(value: string): Check {
  const email = value.trim();
  if (!email) return 'enter the e-mail';
  if (!isEmail(email)) return 'the e-mail account does not match the rules';
  return undefined;
}

/** The account of the registration form's e-mail tab (user/register). */
export function checkRegisterEmail(value: string): Check {
  const email = value.trim();
  if (!email) return 'enter account';
  if (!isEmail(email)) return 'the e-mail account does not match the rules';
  return undefined;
}

/** The forgotten-password account: a mainland mobile number or an e-mail (user/forget). */
export function checkResetAccount(value: string): Check {
  const account = value.trim();
  if (!account) return 'enter account';
  if (!accountChannel(account)) return 'the e-mail or phone number does not match the rules';
  return undefined;
}

/** How a code reaches an account: `email` for an e-mail, `sms` for a phone number, else nothing. */
export function accountChannel(account: string, countryCode = '86'): 'email' | 'sms' | undefined {
  const value = account.trim();
  if (value.includes('@')) return isEmail(value) ? 'email' : undefined;
  return isMobile(value, countryCode) ? 'sms' : undefined;
}

export function checkCode(value: string): Check {
  return value.trim() ? undefined : 'enter the verification code';
}

/** A new login password and its repetition, in the order the server checks them. */
export function checkNewPassword(password: string, repeat: string): { password?: MessageKey; repeat?: MessageKey } {
  const out: { password?: MessageKey; repeat?: MessageKey } = {};
  if (!password) out.password = 'enter password';
  else if (!PASSWORD_PATTERN.test(password)) out.password = 'password must be 6 to 16 letters or digits';
  if (!repeat) out.repeat = 'repeat password';
  else if (password && repeat !== password) out.repeat = 'two passwords differ';
  return out;
}

/** A fund password (six digits) and its repetition. */
export function checkPayPassword(password: string, repeat: string): { password?: MessageKey; repeat?: MessageKey } {
  const out: { password?: MessageKey; repeat?: MessageKey } = {};
  if (!password) out.password = 'enter password';
  else if (!PAY_PASSWORD_PATTERN.test(password)) out.password = 'payment password must be 6 digits';
  if (!repeat) out.repeat = 'repeat password';
  else if (password && repeat !== password) out.repeat = 'two passwords differ';
  return out;
}

export function checkInviteCode(value: string, required: boolean): Check {
  return required && !value.trim() ? 'invite code required' : undefined;
}

/** The legal name of the identity form: required, no digits. */
export function checkRealName(value: string): Check {
  const name = value.trim();
  if (!name) return 'enter real name';
  if (/\d/.test(name) || name.length > 60) return 'name must not contain digits';
  return undefined;
}

/** The server's shape of an ID number (apps/server identity service): letters, digits, hyphens. */

export function checkCardId(value: string): Check {
  const id = value.trim();
  if (!id) return 'enter id number';
  if (CHINESE_CHARACTER.test(id)) return 'id number must not contain chinese characters';
  if (!CARD_ID_PATTERN.test(id)) return 'id number is not valid';
  return undefined;
}

const IMAGE_TYPES = ['image/jpeg', 'image/png'];

/** An identity photo before upload: jpg or png, at most 4 MB (the server judges the bytes too). */
export function checkImageFile(file: Pick<File, 'name' | 'size' | 'type'>): Check {
  const typed = IMAGE_TYPES.includes(file.type) || (!file.type && /\.(jpe?g|png)$/i.test(file.name));
  if (!typed) return 'wrong file type';
  if (file.size > MAX_UPLOAD_BYTES) return 'file too big';
  return undefined;
}

/** Security strength in percent: 25, +25 phone, +25 e-mail, +25 approved identity. */
export function securityStrength(user: { phone: string; email: string; review_status: number }): number {
  return 25 + (user.phone ? 25 : 0) + (user.email ? 25 : 0) + (user.review_status === 2 ? 25 : 0);
}

export type StrengthLevel = 'low' | 'intermediate' | 'high' | 'strong';

/** The label of the strength bar: intermediate at 50, high at 75, strong at 100. */
export function strengthLevel(percent: number): StrengthLevel {
  if (percent >= 100) return 'strong';
  if (percent >= 75) return 'high';
  if (percent >= 50) return 'intermediate';
  return 'low';
}
