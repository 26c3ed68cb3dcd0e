import { expect, it } from 'vitest';
import type { NewsArticle, NewsSummary } from '@tessera/protocol';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

interface Page {
  list: NewsSummary[];
  page: number;
  pages: number;
  total: number;
}

describeEachDatabase('news', (kind) => {
  const { app, api } = useTestApp(kind);

  it('lists notices with paging fields, newest first', async () => {
    const reply = await api.post<Page>('news/list', { c_id: 4, limit: 3 });
    expect(reply.body.type).toBe('ok');
    const { list, page, pages, total } = reply.body.message;
    expect(total).toBeGreaterThanOrEqual(6);
    expect(list).toHaveLength(3);
    expect(page).toBe(1);
    expect(pages).toBe(Math.ceil(total / 3));
    for (const item of list) {
      expect(item).toMatchObject({ c_id: 4, lang: 'en', title: expect.any(String), update_time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    }
  });

  it('pages through a category without repeating an article', async () => {
    const first = (await api.post<Page>('news/list', { c_id: 4, limit: 3, page: 1 })).body.message;
    const second = (await api.post<Page>('news/list', { c_id: 4, limit: 3, page: 2 })).body.message;
    const ids = [...first.list, ...second.list].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    const beyond = (await api.post<Page>('news/list', { c_id: 4, limit: 3, page: 99 })).body.message;
    expect(beyond.list).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });

  it('answers in the reader language, falling back to English article by article', async () => {
    const zh = (await api.post<Page>('news/list', { c_id: 4, lang: 'zh' })).body.message;
    expect(zh.list.length).toBeGreaterThan(0);
    expect(zh.list.every((item) => item.lang === 'zh')).toBe(true);
    const en = (await api.post<Page>('news/list', { c_id: 9, lang: 'en' })).body.message;
    const kr = (await api.post<Page>('news/list', { c_id: 9, lang: 'kr' })).body.message;
    expect(kr.total).toBe(en.total);
    expect(kr.list.every((item) => item.lang === 'kr' || item.lang === 'en')).toBe(true);
  });

  it('serves banners with images that exist', async () => {
    const banners = (await api.post<Page>('news/list', { c_id: 3 })).body.message.list;
    expect(banners.length).toBeGreaterThanOrEqual(3);
    for (const banner of banners) {
      expect(banner.thumbnail).toMatch(/^\/media\/banners\//);
      const image = await app.http.inject({ method: 'GET', url: banner.thumbnail });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\//);
    }
  });

  it('has the GET variant: language 1 is Chinese, anything else English', async () => {
    const zh = await api.get<Page>('news/list', { c_id: 21, language: 1 });
    const en = await api.get<Page>('news/list', { c_id: 21, language: 2 });
    expect(zh.body.message.list.length).toBeGreaterThan(0);
    expect(zh.body.message.list.every((item) => item.lang === 'zh')).toBe(true);
    expect(en.body.message.list.every((item) => item.lang === 'en')).toBe(true);
  });

  it('refuses a list without a category or with a malformed one', async () => {
    expect((await api.post('news/list', {})).body).toEqual({ type: 'error', message: 'parameter error' });
    expect((await api.post('news/list', { c_id: 'four' })).body).toEqual({ type: 'error', message: 'parameter error' });
    expect((await api.post('news/list', { c_id: -4 })).body).toEqual({ type: 'error', message: 'parameter error' });
  });

  it('answers a detail with content, in the reader language when translated', async () => {
    const [first] = (await api.post<Page>('news/list', { c_id: 4 })).body.message.list;
    expect(first).toBeDefined();
    const detail = await api.post<NewsArticle>('news/detail', { id: first!.id });
    expect(detail.body.type).toBe('ok');
    expect(detail.body.message).toMatchObject({ id: first!.id, title: first!.title, lang: 'en' });
    expect(detail.body.message.content.length).toBeGreaterThan(100);
    const inChinese = await api.post<NewsArticle>('news/detail', { id: first!.id, lang: 'zh' });
    expect(inChinese.body.message.lang).toBe('zh');
    expect(inChinese.body.message.title).not.toBe(first!.title);
  });

  it('refuses an unknown or malformed article id', async () => {
    expect((await api.post('news/detail', { id: 99999 })).body).toEqual({ type: 'error', message: 'news not found' });
    expect((await api.post('news/detail', {})).body).toEqual({ type: 'error', message: 'parameter error' });
    expect((await api.post('news/detail', { id: '1;drop table news' })).body).toEqual({ type: 'error', message: 'parameter error' });
  });

  it('serves the user agreement in a language', async () => {
    const en = await api.get<NewsArticle>('news/xieyi', { lang: 'en' });
    const zh = await api.get<NewsArticle>('news/xieyi', { lang: 'zh' });
    expect(en.body.message.c_id).toBe(30);
    expect(en.body.message.content.length).toBeGreaterThan(500);
    expect(zh.body.message.lang).toBe('zh');
  });

  it('refuses the agreement when the operator has none published', async () => {
    await app.db.query('update news set is_published = false where c_id = 30');
    try {
      expect((await api.get('news/xieyi', { lang: 'en' })).body).toEqual({ type: 'error', message: 'news not found' });
    } finally {
      await app.db.query('update news set is_published = true where c_id = 30');
    }
  });
});
