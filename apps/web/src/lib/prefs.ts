import { DEFAULT_LANG, isLang, type Lang } from '@tessera/protocol';

/**
 * The values the client keeps in localStorage. The key names are part of the
 * product: older clients on the same origin read and write the same keys.
 */
export const STORAGE_KEYS = {
  token: 'token',
  userId: 'user_id',
  accountNum: 'accountNum',
  isVistor: 'is_vistor',
  isSeller: 'is_seller',
  extensionCode: 'extension_code',
  locale: 'locale',
  lang: 'lang',
  nightMode: 'night_mode',
} as const;

/**
 * The pair the trading screens show, under the names older clients use: the ids and
 * names of the pair, its symbol, the chart's price scale (10^price precision) and the contract size.
 */
export const PAIR_KEYS = {
  legalId: 'legal_id',
  currencyId: 'currency_id',
  legalName: 'legal_name',
  currencyName: 'currency_name',
  symbol: 'symbol',
  priceScale: 'priceScale',
  shareNum: 'shareNum',
} as const;

/** Kept when the session ends: the language and the display mode are the visitor's, not the account's. */
const KEPT_ON_LOGOUT: readonly string[] = [STORAGE_KEYS.locale, STORAGE_KEYS.lang, STORAGE_KEYS.nightMode];

/** The subset of the Web Storage API we use, so the helpers run against a fake in tests. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear' | 'key' | 'length'>;

/** Clears everything stored except the language and the day/night mode. */
export function clearKeepingPrefs(store: KeyValueStore): void {
  const kept = new Map<string, string>();
  for (const key of KEPT_ON_LOGOUT) {
    const value = store.getItem(key);
    if (value !== null) kept.set(key, value);
  }
  store.clear();
  for (const [key, value] of kept) store.setItem(key, value);
}

/** BCP 47 tag for `<html lang>` of each product language code. */
export const HTML_LANG: Record<Lang, string> = {
  en: 'en',
  zh: 'zh-CN',
  hk: 'zh-HK',
  kr: 'ko',
  jp: 'ja',
  spa: 'es',
  ara: 'ar',
};

/** Each language named in itself, for the language menu. */
export const LANG_NAMES: Record<Lang, string> = {
  en: 'English',
  zh: '简体中文',
  hk: '繁體中文',
  kr: '한국어',
  jp: '日本語',
  spa: 'Español',
  ara: 'العربية',
};

export function textDirection(lang: Lang): 'rtl' | 'ltr' {
  return lang === 'ara' ? 'rtl' : 'ltr';
}

export type Theme = 'night' | 'day';

/** `night_mode` is stored as `1` (night) or `0` (day); night is the default. */
export function themeFromStored(value: string | null): Theme {
  return value === '0' ? 'day' : 'night';
}

export function storedFromTheme(theme: Theme): '1' | '0' {
  return theme === 'night' ? '1' : '0';
}

/** The stored language, or English when none (or an unknown one) is stored. */
export function langFromStored(value: string | null): Lang {
  return isLang(value) ? value : DEFAULT_LANG;
}
