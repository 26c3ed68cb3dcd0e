import { SEED_LANGS } from '../types';
import type { SeedArticle, SeedLang } from '../types';

/** The text of one article in one language. */
export interface ArticleText {
  title: string;
  abstract: string;
  content: string;
}

/** English and Simplified Chinese are required; the other languages are optional. */
export type ArticleTexts = Record<'en' | 'zh', ArticleText> & Partial<Record<SeedLang, ArticleText>>;

/** One article with all its translations, written once and expanded into one row per language. */
export interface ArticleSource {
  key: string;
  c_id: number;
  sort: number;
  published_at: string;
  thumbnail?: string;
  texts: ArticleTexts;
}

/** Expands article sources into one SeedArticle per language, in the order of SEED_LANGS. */
export function expandArticles(sources: readonly ArticleSource[]): SeedArticle[] {
  const rows: SeedArticle[] = [];
  for (const source of sources) {
    for (const lang of SEED_LANGS) {
      const text = source.texts[lang];
      if (!text) continue;
      const row: SeedArticle = {
        key: source.key,
        c_id: source.c_id,
        lang,
        title: text.title,
        abstract: text.abstract,
        content: text.content,
        sort: source.sort,
        published_at: source.published_at,
      };
      if (source.thumbnail !== undefined) row.thumbnail = source.thumbnail;
      rows.push(row);
    }
  }
  return rows;
}

/** Joins HTML fragments written one per line into one string. */
export function html(...parts: string[]): string {
  return parts.join('');
}
