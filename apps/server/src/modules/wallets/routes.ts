import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pagedSchema,
  replySchema,
  transferHistoryBody,
  transferHistoryItem,
  walletChangeBody,
  walletList,
  walletListQuery,
} from '@tessera/protocol';
import { z } from 'zod';
import { currentUser } from '../../http/authenticate';
import { pageRequest } from '../../lib/paging';
import type { RouteDeps } from '../../app/deps';

/** The assets area (spec 3 §7 "Wallets"), first part: balances and transfers. All private. */
export const walletRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, requireUser }) => {
  app.addHook('preHandler', requireUser);
  const tags = ['wallets'];
  const listSchema = { tags, summary: 'The four wallets of the caller', response: { 200: replySchema(walletList) } };

  app.get('/wallet/list', { schema: { ...listSchema, querystring: walletListQuery } }, async (request) => ({
    type: 'ok' as const,
    message: await services.wallets.list(currentUser(request).id),
  }));
  app.post('/wallet/list', { schema: { ...listSchema, body: walletListQuery } }, async (request) => ({
    type: 'ok' as const,
    message: await services.wallets.list(currentUser(request).id),
  }));

  app.post(
    '/wallet/change',
    {
      schema: {
        tags,
        summary: 'Transfer between two of the caller’s wallets',
        description: 'Either `from_field` and `to_field` (legal, change, lever, micro), or the old `type` "<from>_<to>". Into the lever wallet, USDT transfers are at least 100.',
        body: walletChangeBody,
        response: { 200: replySchema(z.string()) },
      },
    },
    async (request) => {
      await services.wallets.transfer(currentUser(request).id, request.body);
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );

  app.post(
    '/wallet/hzhistory',
    { schema: { tags, summary: 'Transfer history, newest first', body: transferHistoryBody, response: { 200: replySchema(pagedSchema(transferHistoryItem)) } } },
    async (request) => ({
      type: 'ok' as const,
      message: await services.wallets.history(currentUser(request).id, pageRequest(request.body.page, request.body.limit)),
    }),
  );
};
