import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cacheBusting, currencyDetail, currencyDetailQuery, currencyList, replySchema } from '@tessera/protocol';
import { z } from 'zod';
import { contentLanguage } from '../../http/content-language';
import type { RouteDeps } from '../../app/deps';

export const marketRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  app.get(
    '/currency/list',
    {
      schema: {
        tags: ['market'],
        summary: 'Fiat currencies (legal) and the listed crypto currencies',
        querystring: z.object(cacheBusting),
        response: { 200: replySchema(currencyList) },
      },
    },
    async () => ({ type: 'ok' as const, message: await services.currencies.list() }),
  );

  app.get(
    '/currency/detail',
    {
      schema: {
        tags: ['market'],
        summary: 'A currency with its description',
        querystring: currencyDetailQuery,
        response: { 200: replySchema(currencyDetail) },
      },
    },
    async (request) => ({
      type: 'ok' as const,
      message: await services.currencies.detail(request.query.id, contentLanguage(request, request.query.lang)),
    }),
  );
};
