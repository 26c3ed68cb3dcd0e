import { z } from 'zod';
import { cacheBusting, optionalText, pageQuery, pagedSchema } from './form';
import { googleCode } from './protection';

/** sms_mail / sms_send: `type` is the purpose, `register` when absent. */
export const codeRequestBody = z.object({
  user_string: optionalText(120),
  type: optionalText(16).describe('register (default), forget, forgets (fund password), bind'),
  lan: optionalText(8).describe('language of the message'),
  country_code: optionalText(8).describe('dialling code for sms_send, 86 by default'),
});

export const checkCodeBody = z.object({
  email_code: optionalText(12),
  mobile_code: optionalText(12),
  user_string: optionalText(120).describe('the address the code was sent to'),
  type: optionalText(16).describe('the purpose the code was sent for: register (default), forget, forgets, bind'),
  country_code: optionalText(8),
});

export const registerBody = z.object({
  type: optionalText(16).describe('email or mobile; read from user_string when absent'),
  user_string: optionalText(120),
  code: optionalText(12),
  password: optionalText(64),
  re_password: optionalText(64),
  extension_code: optionalText(32),
  country_code: optionalText(8),
  withdraw_password: optionalText(64).describe('optional: the fund password (six digits), set with the account'),
});

export const forgetBody = z.object({
  account: optionalText(120),
  code: optionalText(12),
  password: optionalText(64),
  repassword: optionalText(64),
});

export const newPasswordBody = z.object({
  code: optionalText(12),
  password: optionalText(64),
  repassword: optionalText(64),
  account: optionalText(120).describe('ignored: the logged-in account is used'),
  google_code: googleCode,
});

/** safe/set_pay_password: the first fund password, proved with the login password or a code. */
export const setPayPasswordBody = z.object({
  password: optionalText(64).describe('the new fund password: six digits'),
  repassword: optionalText(64),
  login_password: optionalText(64).describe('the login password; or else `code`'),
  code: optionalText(12).describe('a code of type forgets sent to the account; or else `login_password`'),
  google_code: googleCode,
});

/** set_withdraw_password (old clients): the fund password of `account`, proved with a code of type forgets. */
export const setWithdrawPasswordBody = z.object({
  account: optionalText(120).describe('the account the password is for (the caller\'s own, with a session)'),
  code: optionalText(12).describe('a code of type forgets sent to the account'),
  withdraw_password: optionalText(64).describe('the fund password: six digits'),
  google_code: googleCode,
});

export const bindEmailBody = z.object({ email: optionalText(120), code: optionalText(12), google_code: googleCode });

export const realNameBody = z.object({
  name: optionalText(120),
  card_id: optionalText(64),
  front_pic: optionalText(300),
  reverse_pic: optionalText(300),
  hand_pic: optionalText(300),
});

export const regionUsersQuery = z.object({ ...pageQuery, ...cacheBusting });
export const regionUser = z.object({ city_name: z.string(), district_name: z.string(), phone: z.string(), time: z.string() });
export const regionUserPage = pagedSchema(regionUser);
export type RegionUser = z.infer<typeof regionUser>;

export const userCenter = z.object({
  review_status: z.int().describe('0 not submitted (or rejected), 1 under review, 2 approved'),
  name: z.string(),
  card_id: z.string().describe('masked'),
  reject_reason: z.string(),
  account: z.string(),
  phone: z.string(),
  email: z.string(),
  pay_password_set: z.union([z.literal(0), z.literal(1)]),
  google_bind: z.union([z.literal(0), z.literal(1)]).describe('1: an authenticator is bound (guarded calls ask for google_code)'),
  strength: z.int().describe('security strength in percent: 25 base, +25 phone, +25 e-mail, +25 approved identity, +25 authenticator; at most 100'),
});

export const country = z.object({ country_id: z.int(), area_code: z.string(), name_cn: z.string(), name_en: z.string() });
export const registerSettings = z.object({ invite_code_required: z.union([z.literal(0), z.literal(1)]) });
export type UserCenter = z.infer<typeof userCenter>;
export type RegisterSettings = z.infer<typeof registerSettings>;
export type RealNameRequestInput = z.input<typeof realNameBody>;
