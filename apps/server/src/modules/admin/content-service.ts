import { randomBytes } from 'node:crypto';
import { LANGS } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import { sanitizeContentHtml } from '../../lib/html-sanitizer';
import type { Clock } from '../../lib/time';
import type { PageRequest } from '../../lib/paging';
import type { ContentRepository, TranslationInput } from './content-repository';
import type { OperatorRepository } from './repository';

/**
 * Article HTML goes to visitors' pages: obvious active content (script, event handler, frame,
 * embedded object, form, style or meta element, a `javascript:` address) is refused outright, and
 * what is saved is the allowlisted part of the HTML (sanitizeContentHtml), which also drops what
 * this pattern cannot see (`<img src=x/onerror=…>`, an entity-encoded `javascript:`, a `style`).
 */
const ACTIVE_CONTENT = /<\s*\/?\s*(script|iframe|frame|frameset|object|embed|applet|form|input|button|meta|link|style|base|svg|math)\b|\son[a-z]+\s*=|(java|vb)script\s*:|data\s*:\s*text\/html/i;

export interface ArticleInput {
  c_id: number;
  sort: number;
  thumbnail: string;
  /** the texts by language; at least English */
  translations: Partial<Record<(typeof LANGS)[number], TranslationInput>>;
}

/**
 * News and articles (banners, notices, help, agreements) in the seven languages. A new article is
 * a draft; publishing puts every language of it on the site at once.
 */
export class ContentService {
  constructor(
    private readonly content: ContentRepository,
    private readonly operators: OperatorRepository,
    private readonly clock: Clock,
  ) {}

  categories() {
    return this.content.categories();
  }

  async list(filter: { cId?: number; query?: string }, page: PageRequest) {
    const rows = await this.content.list(filter, page.limit, page.offset);
    return { total: rows[0]?.total ?? 0, list: rows.map(({ total: _total, ...row }) => row) };
  }

  async article(articleKey: string) {
    const rows = await this.content.translations(articleKey);
    const first = rows[0];
    if (!first) refuse('article not found');
    return {
      article_key: articleKey,
      c_id: first.c_id,
      sort: first.sort,
      thumbnail: first.thumbnail,
      is_published: rows.some((row) => row.is_published),
      translations: Object.fromEntries(rows.map((row) => [row.lang, { title: row.title, abstract: row.abstract, content: row.content }])),
      langs: LANGS,
    };
  }

  async create(operatorId: number, input: ArticleInput) {
    const articleKey = `op-${randomBytes(6).toString('hex')}`;
    await this.write(operatorId, articleKey, input, undefined);
    return { article_key: articleKey };
  }

  async update(operatorId: number, articleKey: string, input: ArticleInput) {
    const before = await this.article(articleKey);
    await this.write(operatorId, articleKey, input, before);
  }

  async publish(operatorId: number, articleKey: string, published: boolean) {
    const before = await this.article(articleKey);
    await this.content.setPublished(articleKey, published, this.clock());
    await this.operators.log(operatorId, {
      action: published ? 'content.publish' : 'content.unpublish',
      target: `article:${articleKey}`,
      before: { is_published: before.is_published },
      after: { is_published: published },
    });
  }

  async remove(operatorId: number, articleKey: string) {
    const before = await this.article(articleKey);
    await this.content.remove(articleKey);
    await this.operators.log(operatorId, { action: 'content.delete', target: `article:${articleKey}`, before, after: null });
  }

  private async write(operatorId: number, articleKey: string, input: ArticleInput, before: Awaited<ReturnType<ContentService['article']>> | undefined) {
    if (!(await this.content.categoryExists(input.c_id))) refuse('parameter error');
    if (!before && !input.translations.en) refuse('parameter error');
    for (const text of Object.values(input.translations)) {
      if (text && [text.title, text.abstract, text.content].some((part) => ACTIVE_CONTENT.test(part))) refuse('article holds active content');
    }
    const translations = Object.fromEntries(
      Object.entries(input.translations)
        .filter((entry): entry is [string, TranslationInput] => entry[1] !== undefined)
        .map(([lang, text]) => [lang, typeof text.content === 'string' ? { ...text, content: sanitizeContentHtml(text.content) } : text]),
    );
    await this.content.save(articleKey, { cId: input.c_id, sort: input.sort, thumbnail: input.thumbnail, translations }, before?.is_published ?? false, this.clock());
    await this.operators.log(operatorId, {
      action: before ? 'content.update' : 'content.create',
      target: `article:${articleKey}`,
      before: before ?? null,
      after: { c_id: input.c_id, sort: input.sort, thumbnail: input.thumbnail, translations },
    });
  }
}
