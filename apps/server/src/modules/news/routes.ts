import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agreementQuery,
  newsArticle,
  newsDetailBody,
  newsList,
  newsListBody,
  newsListQuery,
  replySchema,
} from '@tessera/protocol';
import { contentLanguage } from '../../http/content-language';
import { pageRequest } from '../../lib/paging';
import type { RouteDeps } from '../../app/deps';

export const newsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  app.post(
    '/news/list',
    {
      schema: {
        tags: ['content'],
        summary: 'Articles of a category, in the reader language where translated',
        body: newsListBody,
        response: { 200: replySchema(newsList) },
      },
    },
    async (request) => {
      const { c_id, lang, page, limit } = request.body;
      const message = await services.news.list(c_id, contentLanguage(request, lang), pageRequest(page, limit));
      return { type: 'ok' as const, message };
    },
  );

  app.get(
    '/news/list',
    {
      schema: {
        tags: ['content'],
        summary: 'The footer variant: `language` 1 is Chinese, anything else English',
        querystring: newsListQuery,
        response: { 200: replySchema(newsList) },
      },
    },
    async (request) => {
      const { c_id, language, lang, page, limit } = request.query;
      const chosen = language === undefined ? contentLanguage(request, lang) : language === '1' ? 'zh' : 'en';
      const message = await services.news.list(c_id, chosen, pageRequest(page, limit));
      return { type: 'ok' as const, message };
    },
  );

  app.post(
    '/news/detail',
    {
      schema: {
        tags: ['content'],
        summary: 'One article',
        body: newsDetailBody,
        response: { 200: replySchema(newsArticle) },
      },
    },
    async (request) => ({
      type: 'ok' as const,
      message: await services.news.detail(request.body.id, contentLanguage(request, request.body.lang)),
    }),
  );

  app.get(
    '/news/xieyi',
    {
      schema: {
        tags: ['content'],
        summary: 'The user agreement shown at registration',
        querystring: agreementQuery,
        response: { 200: replySchema(newsArticle) },
      },
    },
    async (request) => ({
      type: 'ok' as const,
      message: await services.news.agreement(contentLanguage(request, request.query.lang)),
    }),
  );
};
