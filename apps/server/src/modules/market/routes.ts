import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cacheBusting,
  currencyDetail,
  currencyDetailQuery,
  currencyList,
  marketCategory,
  quotationList,
  recentTrades,
  replySchema,
  timeshareQuery,
  timeshareReply,
  tradeHistoryQuery,
} from '@tessera/protocol';
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
    '/currency/type',
    {
      schema: {
        tags: ['market'],
        summary: 'Market categories, as old clients show them: value 3 is crypto-currency',
        querystring: z.object(cacheBusting),
        response: { 200: replySchema(z.array(marketCategory)) },
      },
    },
    async () => ({ type: 'ok' as const, message: services.currencies.categories() }),
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

  app.get(
    '/currency/quotation_new',
    {
      schema: {
        tags: ['market'],
        summary: 'Every spot pair with its rolling 24 h quotation, grouped by quote currency (served from memory)',
        querystring: z.object(cacheBusting),
        response: { 200: replySchema(quotationList) },
      },
    },
    async () => ({ type: 'ok' as const, message: services.quotations.quotation() }),
  );

  app.get(
    '/currency/new_timeshar',
    {
      schema: {
        tags: ['market'],
        summary: 'Candles of a pair: `code` 1 with `data` oldest first (at most 2,000, the newest of the range), or `code` -1',
        querystring: timeshareQuery,
        response: { 200: timeshareReply },
      },
    },
    async (request) => ({ type: 'ok' as const, ...(await services.quotations.timeshare(request.query)) }),
  );

  app.get(
    '/currency/new_tradehistory',
    {
      schema: {
        tags: ['market'],
        summary: 'The newest trades of a pair (at most 30), newest first',
        querystring: tradeHistoryQuery,
        response: { 200: replySchema(recentTrades) },
      },
    },
    async (request) => ({
      type: 'ok' as const,
      message: services.quotations.tradeHistory(request.query.legal_id, request.query.currency_id),
    }),
  );
};
