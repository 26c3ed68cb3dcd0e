import type { Lang, NewsArticle, NewsSummary } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import { paged, type PageRequest } from '../../lib/paging';
import { formatTimestamp } from '../../lib/time';
import { NEWS_CATEGORY } from './categories';
import type { NewsRepository, NewsRow, NewsSummaryRow } from './repository';

export class NewsService {
  constructor(private readonly news: NewsRepository) {}

  async list(cId: number | undefined, lang: Lang, page: PageRequest) {
    if (cId === undefined) refuse('parameter error');
    const rows = await this.news.listCategory(cId, lang, page.limit, page.offset);
    // past the last page the window is empty, so the total needs its own count
    const total = rows[0]?.total ?? (page.offset > 0 ? await this.news.countCategory(cId, lang) : 0);
    return paged(rows.map(toSummary), total, page);
  }

  /** The article, in the reader's language when it has been translated. */
  async detail(id: number, lang: Lang): Promise<NewsArticle> {
    const found = await this.news.findById(id);
    if (!found) refuse('news not found');
    const article = found.lang === lang ? found : ((await this.news.findTranslation(found.article_key, lang)) ?? found);
    return toArticle(article);
  }

  async agreement(lang: Lang): Promise<NewsArticle> {
    const article = await this.news.firstOfCategory(NEWS_CATEGORY.agreement, lang);
    if (!article) refuse('news not found');
    return toArticle(article);
  }
}

function toSummary(row: NewsSummaryRow): NewsSummary {
  return {
    id: row.id,
    c_id: row.c_id,
    lang: row.lang,
    title: row.title,
    abstract: row.abstract,
    thumbnail: row.thumbnail,
    update_time: formatTimestamp(row.updated_at),
  };
}

function toArticle(row: NewsRow): NewsArticle {
  return { ...toSummary(row), content: row.content };
}
