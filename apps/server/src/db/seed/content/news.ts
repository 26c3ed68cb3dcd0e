import type { SeedArticle, SeedNewsCategory } from './types';
import { expandArticles } from './articles/define';
import { DESKTOP_BANNERS, MOBILE_BANNERS } from './articles/banners';
import { NOTICES } from './articles/notices';
import { ABOUT, TERMS } from './articles/about-terms';
import { CONTACT, HELP, SUPPORT } from './articles/support-help';
import { USER_AGREEMENT } from './articles/agreement';

export type { SeedArticle, SeedLang, SeedNewsCategory } from './types';

/** News categories; the ids are fixed because clients ask for articles by category id. */
export const NEWS_CATEGORIES: SeedNewsCategory[] = [
  { id: 3, name_en: 'Banners (desktop)', name_zh: '轮播图（电脑端）' },
  { id: 4, name_en: 'Notices', name_zh: '公告' },
  { id: 5, name_en: 'Banners (mobile)', name_zh: '轮播图（移动端）' },
  { id: 9, name_en: 'About us', name_zh: '关于我们' },
  { id: 10, name_en: 'Terms and rules', name_zh: '条款与规则' },
  { id: 19, name_en: 'Support', name_zh: '客户支持' },
  { id: 21, name_en: 'Contact us', name_zh: '联系我们' },
  { id: 25, name_en: 'Help centre', name_zh: '帮助中心' },
  { id: 30, name_en: 'User agreement', name_zh: '用户协议' },
];

/**
 * Every seed article, one row per article and language. Articles sharing a key are translations
 * of each other; every article exists at least in English and Simplified Chinese, and banners,
 * notices and the user agreement in all seven languages.
 */
export const SEED_ARTICLES: SeedArticle[] = expandArticles([
  ...DESKTOP_BANNERS,
  ...MOBILE_BANNERS,
  ...NOTICES,
  ...ABOUT,
  ...TERMS,
  ...SUPPORT,
  ...CONTACT,
  ...HELP,
  ...USER_AGREEMENT,
]);
