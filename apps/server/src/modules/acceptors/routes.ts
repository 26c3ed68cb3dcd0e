import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptor,
  acceptorDealBody,
  acceptorDealIdBody,
  acceptorDealPage,
  acceptorInfoQuery,
  acceptorListQuery,
  acceptorOrdersQuery,
  myDealQuery,
  replySchema,
} from '@tessera/protocol';
import { z } from 'zod';
import { currentUser } from '../../http/authenticate';
import { pageRequest } from '../../lib/paging';
import type { RouteDeps } from '../../app/deps';

/**
 * Acceptor deals. A user lists acceptors, opens deals and follows them (`acceptor/list`,
 * `acceptor/info`, `acceptor/deal`, `acceptor/my_deal`, `acceptor/user_confirm`); an acceptor
 * handles the deals addressed to them (`acceptor/orders`, `acceptor/confirm`, `acceptor/reject`,
 * `acceptor/paid`). All private but `acceptor/info`, which answers without a token.
 */
export const acceptorRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, requireUser }) => {
  // acceptor/info is public (an acceptor's published details): old clients call it without a token
  app.addHook('onRequest', async function (request, reply) {
    if (request.routeOptions.url?.endsWith('/acceptor/info')) return;
    await requireUser.call(this, request, reply);
  });
  const tags = ['acceptors'];
  const done = z.string();

  app.get(
    '/acceptor/list',
    { schema: { tags, summary: 'The acceptors taking deals', querystring: acceptorListQuery, response: { 200: replySchema(z.array(acceptor)) } } },
    async () => ({ type: 'ok' as const, message: await services.acceptors.list() }),
  );

  app.get(
    '/acceptor/info',
    { schema: { tags, summary: 'One acceptor: payment accounts, available coins, limits and rates', querystring: acceptorInfoQuery, response: { 200: replySchema(acceptor) } } },
    async (request) => ({ type: 'ok' as const, message: await services.acceptors.info(request.query.id) }),
  );

  app.post(
    '/acceptor/deal',
    {
      schema: {
        tags,
        summary: 'Open a deal: buy (a deposit: the acceptor’s coins are reserved) or sell (a withdrawal: the caller’s coins are frozen)',
        body: acceptorDealBody,
        response: { 200: replySchema(done) },
      },
    },
    async (request) => {
      await services.acceptors.open(currentUser(request).id, request.body);
      return { type: 'ok' as const, message: 'deal submitted' };
    },
  );

  app.get(
    '/acceptor/my_deal',
    { schema: { tags, summary: 'The caller’s deals, newest first', querystring: myDealQuery, response: { 200: replySchema(acceptorDealPage) } } },
    async (request) => ({
      type: 'ok' as const,
      message: await services.acceptors.myDeals(currentUser(request).id, request.query.type ?? request.query.way, pageRequest(request.query.page, request.query.limit)),
    }),
  );

  app.post(
    '/acceptor/user_confirm',
    { schema: { tags, summary: 'The caller received the acceptor’s payment for a sell (is_sure 3): the coins go to the acceptor', body: acceptorDealIdBody, response: { 200: replySchema(done) } } },
    async (request) => {
      await services.acceptors.confirmReceived(currentUser(request).id, request.body.id);
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );

  app.post(
    '/acceptor/object',
    {
      schema: {
        tags,
        summary: 'The caller was not paid for a sell the acceptor marked paid: within the 20 minutes it no longer confirms itself and waits for an operator’s ruling',
        body: acceptorDealIdBody,
        response: { 200: replySchema(done) },
      },
    },
    async (request) => {
      await services.acceptors.object(currentUser(request).id, request.body.id);
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );

  app.get(
    '/acceptor/orders',
    { schema: { tags, summary: 'The deals addressed to the caller as an acceptor, newest first', querystring: acceptorOrdersQuery, response: { 200: replySchema(acceptorDealPage) } } },
    async (request) => ({
      type: 'ok' as const,
      message: await services.acceptors.incoming(currentUser(request).id, request.query.is_sure, pageRequest(request.query.page, request.query.limit)),
    }),
  );

  const step = (path: string, decision: 'confirm' | 'reject' | 'paid', summary: string) =>
    app.post(path, { schema: { tags, summary, body: acceptorDealIdBody, response: { 200: replySchema(done) } } }, async (request) => {
      await services.acceptors.decide(currentUser(request).id, request.body.id, decision);
      return { type: 'ok' as const, message: 'operation ok' };
    });
  step('/acceptor/confirm', 'confirm', 'The acceptor received the user’s payment for a buy: the reserved coins go to the user');
  step('/acceptor/reject', 'reject', 'The acceptor rejects an open deal: the escrowed coins return');
  step('/acceptor/paid', 'paid', 'The acceptor paid the user for a sell: it confirms itself 20 minutes later unless the user confirms first');
};
