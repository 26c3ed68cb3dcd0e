import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  leverCompleteBody,
  leverTrade,
  pagedSchema,
  replySchema,
  spotCancelBody,
  spotCompletedTrade,
  spotDeal,
  spotDealBody,
  spotListBody,
  spotOpenOrder,
  spotOrderBody,
} from '@tessera/protocol';
import { z } from 'zod';
import { currentUser, optionalUser } from '../../http/authenticate';
import { pageRequest } from '../../lib/paging';
import type { RouteDeps } from '../../app/deps';

const placed = z.union([
  z.object({ type: z.literal('ok'), message: z.string(), order_id: z.int() }),
  replySchema(z.string()),
]);

/** Spot trading: the book for everyone, orders and lists for their owner. */
export const spotRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  await app.register(publicSpotRoutes, deps);
  await app.register(privateSpotRoutes, deps);
};

const publicSpotRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  const tags = ['spot'];
  app.post(
    '/transaction/deal',
    { preHandler: optionalUser(services.auth), schema: { tags, summary: 'Book, last price and the caller’s balances of a pair (visitors get the book with zero balances)', body: spotDealBody, response: { 200: replySchema(spotDeal) } } },
    async (request) => {
      const deal = await services.spot.deal(request.user?.id, request.body.currency_id, request.body.legal_id);
      return { type: 'ok' as const, message: { ...deal, complete: services.quotations.tradeHistory(request.body.legal_id, request.body.currency_id) } };
    },
  );
};

const privateSpotRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, requireUser }) => {
  app.addHook('onRequest', requireUser);
  const tags = ['spot'];

  for (const [path, side] of [
    ['/transaction/in', 'buy'],
    ['/transaction/out', 'sell'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: side === 'buy' ? 'Place a buy order' : 'Place a sell order',
          description: 'Funds are locked on acceptance; the order matches at once against the book, the rest rests (limit) or is cancelled (market).',
          body: spotOrderBody,
          response: { 200: placed },
        },
      },
      async (request) => {
        const orderId = await services.spot.place(currentUser(request).id, side, request.body);
        return { type: 'ok' as const, message: 'operation ok', order_id: orderId };
      },
    );
  }

  for (const [path, side] of [
    ['/transaction_in', 'buy'],
    ['/transaction_out', 'sell'],
  ] as const) {
    app.post(
      path,
      { schema: { tags, summary: `Open ${side} orders, newest first`, body: spotListBody, response: { 200: replySchema(pagedSchema(spotOpenOrder)) } } },
      async (request) => ({
        type: 'ok' as const,
        message: await services.spot.openOrders(currentUser(request).id, side, request.body.currency_id, pageRequest(request.body.page, request.body.limit)),
      }),
    );
  }

  app.post(
    '/transaction_complete',
    {
      schema: {
        tags,
        summary: 'The caller’s fills, newest first; with lever=1, or with a page only, the caller’s closed lever positions instead',
        description:
          'The spot reading: `currency_id` (and `legal_id`) for one pair, or `lever=0` for every pair. The lever reading: `lever=1`, or none of `lever`, `currency_id` and `legal_id` (the lever screen of old clients sends the page only).',
        body: leverCompleteBody,
        response: { 200: replySchema(z.union([pagedSchema(spotCompletedTrade), pagedSchema(leverTrade)])) },
      },
    },
    async (request) => {
      const page = pageRequest(request.body.page, request.body.limit);
      const userId = currentUser(request).id;
      return {
        type: 'ok' as const,
        message: isLeverReading(request.body)
          ? await services.lever.completed(userId, page)
          : await services.spot.completed(userId, request.body.currency_id, page),
      };
    },
  );

  app.post(
    '/transaction_del',
    { schema: { tags, summary: 'Revoke an open order (owner only); releases exactly its locked remainder', body: spotCancelBody, response: { 200: replySchema(z.string()) } } },
    async (request) => {
      await services.spot.cancel(currentUser(request).id, request.body.id);
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );

};

/** transaction_complete answers closed lever positions for `lever=1`, and for a page with no pair and no `lever`. */
function isLeverReading(body: { lever?: number | undefined; currency_id?: number | undefined; legal_id?: number | undefined }): boolean {
  if (body.lever !== undefined) return body.lever === 1;
  return body.currency_id === undefined && body.legal_id === undefined;
}
