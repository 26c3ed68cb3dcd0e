import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { indexPrice, indexPriceQuery, replySchema } from '@tessera/protocol';
import type { RouteDeps } from '../../app/deps';

/** GET currency/index_price: a pair's index and mark, for the lever and second-contract desks. */
export const indexPriceRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  app.get(
    '/currency/index_price',
    {
      schema: {
        tags: ['market'],
        summary: 'A pair’s index price (from outside sources) and the mark leverage settles at, with the index’s time and whether it is stale',
        querystring: indexPriceQuery,
        response: { 200: replySchema(indexPrice) },
      },
    },
    async (request) => ({ type: 'ok' as const, message: services.indexPrices.of(request.query.currency_id, request.query.legal_id) }),
  );
};
