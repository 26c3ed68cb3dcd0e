import type { Queryable } from '../../db/database';
import type { Counted } from './back-office-repository';
import { containsPattern } from '../../lib/sql-like';

export interface ArticleSummaryRow {
  article_key: string;
  c_id: number;
  category: string;
  title: string;
  langs: string[];
  is_published: boolean;
  sort: number;
  updated_at: Date;
}

export interface TranslationRow {
  lang: string;
  title: string;
  abstract: string;
  content: string;
  thumbnail: string;
  sort: number;
  c_id: number;
  is_published: boolean;
  updated_at: Date;
}

export interface TranslationInput {
  title: string;
  abstract: string;
  content: string;
}

/** News and articles as operators edit them: one article per key, one row per language. */
export class ContentRepository {
  constructor(private readonly db: Queryable) {}

  categories() {
    return this.db.query<{ id: number; name_en: string; name_zh: string }>('select id, name_en, name_zh from news_categories order by id');
  }

  /** Articles (one per key) of a category (all without), their English title or else any. */
  list(filter: { cId?: number; query?: string }, limit: number, offset: number) {
    return this.db.query<Counted<ArticleSummaryRow>>(
      `select n.article_key, min(n.c_id)::int as c_id, min(c.name_en) as category,
              coalesce(max(n.title) filter (where n.lang = 'en'), max(n.title)) as title,
              array_agg(n.lang order by n.lang) as langs, bool_or(n.is_published) as is_published,
              min(n.sort)::int as sort, max(n.updated_at) as updated_at, (count(*) over ())::int as total
         from news n join news_categories c on c.id = n.c_id
        where ($1::int is null or n.c_id = $1)
        group by n.article_key
       having $2::text is null or bool_or(lower(n.title) like lower($5)) or n.article_key = $2
        order by max(n.updated_at) desc, n.article_key limit $3 offset $4`,
      [filter.cId ?? null, filter.query ?? null, limit, offset, containsPattern(filter.query ?? '')],
    );
  }

  translations(articleKey: string) {
    return this.db.query<TranslationRow>(
      'select lang, title, abstract, content, thumbnail, sort, c_id, is_published, updated_at from news where article_key = $1 order by lang',
      [articleKey],
    );
  }

  /** Writes every language given (a language left out keeps its row); the publication state of new rows follows the article's. */
  async save(articleKey: string, article: { cId: number; sort: number; thumbnail: string; translations: Record<string, TranslationInput> }, published: boolean, now: Date) {
    for (const [lang, text] of Object.entries(article.translations)) {
      await this.db.query(
        `insert into news (c_id, article_key, lang, title, abstract, content, thumbnail, sort, is_published, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
         on conflict (article_key, lang) do update set c_id = excluded.c_id, title = excluded.title, abstract = excluded.abstract,
           content = excluded.content, thumbnail = excluded.thumbnail, sort = excluded.sort, updated_at = excluded.updated_at`,
        [article.cId, articleKey, lang, text.title, text.abstract, text.content, article.thumbnail, article.sort, published, now],
      );
    }
    // category, order and picture are the article's, shared by its languages
    await this.db.query('update news set c_id = $2, sort = $3, thumbnail = $4 where article_key = $1', [articleKey, article.cId, article.sort, article.thumbnail]);
  }

  async setPublished(articleKey: string, published: boolean, now: Date): Promise<void> {
    await this.db.query('update news set is_published = $2, updated_at = $3 where article_key = $1', [articleKey, published, now]);
  }

  async remove(articleKey: string): Promise<void> {
    await this.db.query('delete from news where article_key = $1', [articleKey]);
  }

  async categoryExists(cId: number): Promise<boolean> {
    return (await this.db.query('select 1 from news_categories where id = $1', [cId])).length > 0;
  }
}
