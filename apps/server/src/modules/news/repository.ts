import type { Queryable } from '../../db/database';

export interface NewsRow {
  id: number;
  c_id: number;
  article_key: string;
  lang: string;
  title: string;
  abstract: string;
  content: string;
  thumbnail: string;
  updated_at: Date;
}

export type NewsSummaryRow = Omit<NewsRow, 'content' | 'article_key'>;

export class NewsRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * One row per article of a category, in `lang` where translated, else in English; newest
   * first within the operator's sort order.
   */
  async listCategory(cId: number, lang: string, limit: number, offset: number) {
    const rows = await this.db.query<NewsSummaryRow & { total: number }>(
      `with chosen as (
         select distinct on (article_key) id, c_id, lang, title, abstract, thumbnail, sort, updated_at
           from news
          where c_id = $1 and is_published and lang in ($2, 'en')
          order by article_key, (lang = $2) desc
       )
       select id, c_id, lang, title, abstract, thumbnail, updated_at, (count(*) over ())::int as total
         from chosen
        order by sort, updated_at desc, id desc
        limit $3 offset $4`,
      [cId, lang, limit, offset],
    );
    return rows;
  }

  async countCategory(cId: number, lang: string): Promise<number> {
    const rows = await this.db.query<{ total: number }>(
      `select count(distinct article_key)::int as total from news where c_id = $1 and is_published and lang in ($2, 'en')`,
      [cId, lang],
    );
    return rows[0]?.total ?? 0;
  }

  async findById(id: number): Promise<NewsRow | undefined> {
    const rows = await this.db.query<NewsRow>(
      `select id, c_id, article_key, lang, title, abstract, content, thumbnail, updated_at
         from news where id = $1 and is_published`,
      [id],
    );
    return rows[0];
  }

  async findTranslation(articleKey: string, lang: string): Promise<NewsRow | undefined> {
    const rows = await this.db.query<NewsRow>(
      `select id, c_id, article_key, lang, title, abstract, content, thumbnail, updated_at
         from news where article_key = $1 and lang = $2 and is_published`,
      [articleKey, lang],
    );
    return rows[0];
  }

  /** The newest article of a category in `lang`, else in English. */
  async firstOfCategory(cId: number, lang: string): Promise<NewsRow | undefined> {
    const rows = await this.db.query<NewsRow>(
      `select id, c_id, article_key, lang, title, abstract, content, thumbnail, updated_at
         from news where c_id = $1 and is_published and lang in ($2, 'en')
        order by (lang = $2) desc, sort, updated_at desc limit 1`,
      [cId, lang],
    );
    return rows[0];
  }
}
