import type {
  AppLinks,
  Lang,
  NewsArticle,
  NewsSummary,
  Paged,
  RealNameRequestInput,
  RegionUser,
  RegisterSettings,
  SupportLinks,
  UserCenter,
  UserInfo,
} from '@tessera/protocol';
import { apiUrl } from '../lib/url';
import { call, refusalOf, send, upload, type RequestOptions } from './client';

/** Reply shapes, from the protocol's schemas. A paged list is `message: {list, page, pages, total}`. */
export type { AppLinks, Paged, RegionUser, RegisterSettings, SupportLinks, UserCenter };

/** The login reply: `message` is the token, repeated at the top level with the account flags. */
export interface LoginResult {
  token: string;
  isVistor: boolean;
  account: string;
}

/** News categories (`c_id`): banners, notices and the footer columns. */
export const NEWS_CATEGORY = {
  banners: 3,
  notices: 4,
  about: 9,
  terms: 10,
  support: 19,
} as const;

async function login(params: Record<string, string | number>, options?: RequestOptions): Promise<LoginResult> {
  const reply = await send<string>('POST', 'user/login', params, options);
  if (reply.type !== 'ok') throw refusalOf(reply);
  const token = typeof reply.token === 'string' && reply.token ? reply.token : String(reply.message);
  return {
    token,
    isVistor: Number(reply.is_vistor) === 1,
    account: typeof reply.account === 'string' ? reply.account : '',
  };
}

export const userApi = {
  /** Password login (`type=1`); `googleCode` is the second step of an account with an authenticator. */
  login: (account: string, password: string, options?: RequestOptions, googleCode?: string) =>
    login({ user_string: account, password, type: 1, ...(googleCode ? { google_code: googleCode } : {}) }, options),
  /** Guest login into the shared demo account. */
  guestLogin: (options?: RequestOptions) => login({ is_vistor: 1 }, options),
  info: (options?: RequestOptions) => call<UserInfo>('GET', 'user/info', {}, options),
  /** Revokes the token on the server. */
  logout: (options?: RequestOptions) => call<unknown>('POST', 'user/logout', {}, options),
};

export const newsApi = {
  list: (query: { c_id: number; page?: number; limit?: number; lang: Lang }, options?: RequestOptions) =>
    call<Paged<NewsSummary>>('POST', 'news/list', query, options),
  detail: (query: { id: number; lang: Lang }, options?: RequestOptions) =>
    call<NewsArticle>('POST', 'news/detail', query, options),
};

export const configApi = {
  support: (options?: RequestOptions) => call<SupportLinks>('GET', 'cfg/kefu', {}, options),
  apps: (options?: RequestOptions) => call<AppLinks>('GET', 'custorm', {}, options),
  /** The URL of a QR-code PNG for a text (an `<img>` source, same origin). */
  qrcodeUrl: (text: string) => apiUrl('qrcode', { text }, Date.now()),
};

/** What a verification code is for (`type` of the code calls); a code passes only for its purpose. */
export type CodePurpose = 'register' | 'forget' | 'forgets' | 'bind';

/** Where a code goes: an e-mail (`sms_mail`) or a phone number with its dialling code (`sms_send`). */
export interface CodeTarget {
  channel: 'email' | 'sms';
  address: string;
  /** Dialling code for phone numbers, `86` by default. */
  countryCode?: string;
}

export interface RegisterInput {
  email: string;
  code: string;
  password: string;
  rePassword: string;
  inviteCode: string;
}

export interface NewPasswordInput {
  code: string;
  password: string;
  repassword: string;
  /** the authenticator code, once one is bound */
  google_code?: string;
}

/** `user/real_name`: the identity review's name, card number and the URLs of the three uploaded photos. */
export type IdentityInput = Required<RealNameRequestInput>;

/** Codes, registration and the forgotten login password: public calls. */
export const accountApi = {
  registerSettings: (options?: RequestOptions) => call<RegisterSettings>('GET', 'cfg/register', {}, options),
  /** The user agreement shown at registration, in the reader's language. */
  agreement: (lang: Lang, options?: RequestOptions) => call<NewsArticle>('GET', 'news/xieyi', { lang }, options),
  /** Sends a six-digit code by e-mail (`sms_mail`) or SMS (`sms_send`). */
  sendCode: (target: CodeTarget, purpose: CodePurpose, lang: Lang, options?: RequestOptions) =>
    target.channel === 'email'
      ? call<string>('POST', 'sms_mail', { user_string: target.address, type: purpose, lan: lang }, options)
      : call<string>(
          'POST',
          'sms_send',
          { user_string: target.address, country_code: target.countryCode || '86', type: purpose, lan: lang },
          options,
        ),
  /** Checks a code without spending it (the first step of the two-step forms). */
  checkCode: (target: CodeTarget, purpose: CodePurpose, code: string, options?: RequestOptions) =>
    target.channel === 'email'
      ? call<string>('POST', 'user/check_email', { email_code: code, user_string: target.address, type: purpose }, options)
      : call<string>(
          'POST',
          'user/check_mobile',
          { mobile_code: code, user_string: target.address, type: purpose, country_code: target.countryCode || '86' },
          options,
        ),
  /** Registration with an e-mail (the only tab the form shows). */
  register: (input: RegisterInput, options?: RequestOptions) =>
    call<string>(
      'POST',
      'user/register',
      {
        type: 'email',
        user_string: input.email,
        code: input.code,
        password: input.password,
        re_password: input.rePassword,
        extension_code: input.inviteCode,
      },
      options,
    ),
  /** Forgotten login password: a code of purpose `forget` sent to the account. */
  forget: (input: NewPasswordInput & { account: string }, options?: RequestOptions) =>
    call<string>('POST', 'user/forget', { ...input }, options),
};

/** The account centre of a logged-in user: security settings, identity, region users. */
export const securityApi = {
  center: (options?: RequestOptions) => call<UserCenter>('GET', 'user/center', {}, options),
  /** A new login password, proved with a `forget` code sent to the account. */
  updatePassword: (input: NewPasswordInput, options?: RequestOptions) =>
    call<string>('POST', 'safe/update_password', { ...input }, options),
  /** The first fund password (six digits), proved with the login password or a `forgets` code. */
  setPayPassword: (input: { password: string; repassword: string; login_password?: string; code?: string; google_code?: string }, options?: RequestOptions) =>
    call<string>('POST', 'safe/set_pay_password', input, options),
  /** A new fund password, proved with a `forgets` code sent to the account. */
  resetPayPassword: (input: NewPasswordInput, options?: RequestOptions) =>
    call<string>('POST', 'safe/reset_pay_password', { ...input }, options),
  /** Binds an e-mail once, proved with a `bind` code sent to it. */
  bindEmail: (input: { email: string; code: string; google_code?: string }, options?: RequestOptions) =>
    call<string>('POST', 'safe/email', input, options),
  /** Uploads one identity photo; resolves with its URL. */
  uploadImage: (file: File, options?: RequestOptions) => upload<string>('upload', file, file.name, options),
  submitIdentity: (input: IdentityInput, options?: RequestOptions) =>
    call<string>('POST', 'user/real_name', { ...input }, options),
  regionUsers: (page: number, options?: RequestOptions) =>
    call<Paged<RegionUser>>('GET', 'user/region_users', { page }, options),
};
