import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  leverBatchCloseBody,
  leverDeal,
  leverDealAll,
  leverDealAllBody,
  leverDealBody,
  leverIdBody,
  leverMyTrade,
  leverMyTradeBody,
  leverRisk,
  leverSetStopBody,
  leverSubmitBody,
  replySchema,
} from '@tessera/protocol';
import { z } from 'zod';
import { currentUser, optionalUser } from '../../http/authenticate';
import { pageRequest } from '../../lib/paging';
import type { RouteDeps } from '../../app/deps';

const done = replySchema(z.string());
const submitted = z.union([z.object({ type: z.literal('ok'), message: z.string(), id: z.int() }), replySchema(z.string())]);

/** Leveraged trading: the deal info for everyone, orders, positions and risk for their owner. */
export const leverRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  await app.register(publicLeverRoutes, deps);
  await app.register(privateLeverRoutes, deps);
};

const publicLeverRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  const tags = ['lever'];
  app.post(
    '/lever/deal',
    {
      preHandler: optionalUser(services.auth),
      schema: { tags, summary: 'Book, last price, the pair’s lever settings, the caller’s lever balance and pending orders (visitors: zero balances, no orders)', body: leverDealBody, response: { 200: replySchema(leverDeal) } },
    },
    async (request) => ({ type: 'ok' as const, message: await services.lever.deal(request.user?.id, request.body.currency_id, request.body.legal_id) }),
  );
};

const privateLeverRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, requireUser }) => {
  app.addHook('onRequest', requireUser);
  const tags = ['lever'];

  app.post(
    '/lever/submit',
    {
      schema: {
        tags,
        summary: 'Open a position at the mark ± spread (status 1), or place a limit order that opens when the mark reaches target_price (status 0)',
        description: 'Margin = price × hands × lever_share_num ÷ multiple; fee = that value × lever_trade_fee %. A limit order locks both until it opens or is revoked.',
        body: leverSubmitBody,
        response: { 200: submitted },
      },
    },
    async (request) => ({ type: 'ok' as const, message: 'operation ok', id: await services.lever.submit(currentUser(request).id, request.body) }),
  );

  app.post(
    '/lever/my_trade',
    { schema: { tags, summary: 'The caller’s lever trades of one status (1 holding, 0 pending, 3 closed, 4 revoked), newest first', body: leverMyTradeBody, response: { 200: replySchema(leverMyTrade) } } },
    async (request) => {
      const { status, currency_id: currencyId, legal_id: legalId, page, limit } = request.body;
      return { type: 'ok' as const, message: await services.lever.myTrades(currentUser(request).id, status, currencyId, legalId, pageRequest(page, limit)) };
    },
  );

  app.post(
    '/lever/dealall',
    { schema: { tags, summary: 'The caller’s held positions of one pair', body: leverDealAllBody, response: { 200: replySchema(leverDealAll) } } },
    async (request) => ({
      type: 'ok' as const,
      message: await services.lever.dealAll(currentUser(request).id, request.body.currency_id, request.body.legal_id, pageRequest(request.body.page, request.body.limit)),
    }),
  );

  app.post(
    '/lever/close',
    { schema: { tags, summary: 'Close a held position at the mark ∓ spread (owner only)', body: leverIdBody, response: { 200: done } } },
    async (request) => {
      await services.lever.close(currentUser(request).id, request.body.id);
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );

  app.post(
    '/lever/cancel',
    { schema: { tags, summary: 'Revoke a pending order (owner only): its margin and fee come back exactly', body: leverIdBody, response: { 200: done } } },
    async (request) => {
      await services.lever.cancel(currentUser(request).id, request.body.id);
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );

  app.post(
    '/lever/setstop',
    { schema: { tags, summary: 'Set or clear (empty or 0) a held position’s take-profit and stop-loss', body: leverSetStopBody, response: { 200: done } } },
    async (request) => {
      await services.lever.setStop(currentUser(request).id, request.body.id, request.body.target_profit_price, request.body.stop_loss_price);
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );

  app.post(
    '/lever/batch_close',
    { schema: { tags, summary: 'Close held positions of the caller: type (required) 0 all, 1 longs, 2 shorts', body: leverBatchCloseBody, response: { 200: done } } },
    async (request) => {
      await services.lever.batchClose(currentUser(request).id, request.body.type);
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );

  app.post(
    '/lever/risk',
    { schema: { tags, summary: 'The caller’s risk per quote currency: risk rate, margin in use, and the mark at which the positions would be liquidated', response: { 200: replySchema(leverRisk) } } },
    async (request) => ({ type: 'ok' as const, message: await services.lever.risk(currentUser(request).id) }),
  );
};
