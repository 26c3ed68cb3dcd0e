import type { Lang, NewsArticle, NewsSummary, UserInfo } from '@tessera/protocol';
import { apiUrl } from '../lib/url';
import { call, refusalOf, send, type RequestOptions } from './client';

/** A paged list as the news calls answer it (`message: {list, page, pages, total}`). */
export interface Paged<T> {
  list: T[];
  page: number;
  pages: number;
  total: number;
}

/** The login reply: `message` is the token, repeated at the top level with the account flags. */
export interface LoginResult {
  token: string;
  isVistor: boolean;
  account: string;
}

export interface SupportLinks {
  pc: string;
  mobile: string;
}

export interface AppLinks {
  app_download: string;
  ios: string;
  android: string;
}

/** News categories (spec 1 §7): banners, notices and the footer columns. */
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
  /** Password login (`type=1`). */
  login: (account: string, password: string, options?: RequestOptions) =>
    login({ user_string: account, password, type: 1 }, options),
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
