/**
 * Types of the seed content: plain data the seeder writes into the database of a fresh install.
 * Nothing here touches the database; the modules next to this one only export constants.
 */

/** The seven languages of the product, in the order the seeder writes them. */
export type SeedLang = 'en' | 'zh' | 'hk' | 'kr' | 'jp' | 'spa' | 'ara';

export const SEED_LANGS: readonly SeedLang[] = ['en', 'zh', 'hk', 'kr', 'jp', 'spa', 'ara'];

/** One article (news, notice, banner, help page …) in one language. */
export interface SeedArticle {
  /** Stable identifier, e.g. 'notice-launch'; the same key in several languages = translations of one article. */
  key: string;
  /** Category id, one of NEWS_CATEGORIES. */
  c_id: number;
  lang: SeedLang;
  title: string;
  /** One or two sentences. */
  abstract: string;
  /** HTML: only <p>, <h3>, <ul>, <ol>, <li>, <strong>, <a href> (relative links only), <br>. */
  content: string;
  /** File name of an image in apps/server/assets/banners/, for banners. */
  thumbnail?: string;
  /** Lower first. */
  sort: number;
  /** ISO date-time. */
  published_at: string;
}

export interface SeedNewsCategory {
  id: number;
  name_en: string;
  name_zh: string;
}

export interface SeedCurrency {
  id: number;
  /** Ticker: BTC. */
  name: string;
  /** Bitcoin. */
  full_name: string;
  currency_type: 'btc' | 'eth' | 'usdt' | 'erc20' | 'omni' | 'trc20';
  /** On-chain decimals, e.g. 8. */
  decimals: number;
  /** File name in apps/server/assets/coins/. */
  logo: string;
  /** Description, at least en and zh (HTML <p> allowed). */
  desc: Partial<Record<SeedLang, string>>;
  /** A reference price in USDT as a decimal string, e.g. '96250.5'. */
  usdt_price: string;
}

export interface SeedFiatCurrency {
  id: number;
  /** ISO 4217 code: CNY. */
  name: string;
  /** How much of this currency 1 USDT buys, as a decimal string. */
  usdt_rate: string;
}

/** A country or region of the registration list. */
export interface SeedCountry {
  country_id: number;
  /** International dialling code without '+', e.g. '86'. */
  area_code: string;
  name_cn: string;
  name_en: string;
}
