import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { indexPrice, replySchema } from '@tessera/protocol';
import { z } from 'zod';
import type { RouteDeps } from '../../app/deps';
import { answerThisMachineOnly } from '../../http/this-machine-only';

const pinBody = z.object({
  symbol: z.string().min(3).max(32),
  // empty: the pair's index comes from its sources again
  price: z.string().max(40).optional(),
});

/**
 * POST /api/dev/index: sets a pair's index (for tests and demos), as if every source said that
 * price, until released. Whoever reaches it moves the price that settles positions and contracts,
 * so it is registered only outside production and answered only to this machine.
 */
export const devIndexRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  answerThisMachineOnly(app);
  app.post(
    '/dev/index',
    {
      schema: {
        tags: ['development'],
        summary: 'Set a pair’s index price until released (price empty), for tests and demos (not in production)',
        body: pinBody,
        response: { 200: replySchema(indexPrice) },
      },
    },
    async (request) => ({ type: 'ok' as const, message: await services.indexPrices.pin(request.body.symbol, request.body.price) }),
  );
};
