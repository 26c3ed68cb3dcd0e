import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_INTEGER_ID } from '@tessera/protocol';
import type { Services } from '../../app/services';

export interface LeverRouteOptions {
  services: Services;
  requireOperator: (request: FastifyRequest) => Promise<void>;
  operatorOf: (request: FastifyRequest) => number;
}

const decimal = z.string().regex(/^\d{1,12}(\.\d{1,18})?$/);
const whole = z.int().min(0).max(1_000_000);
const pairSettings = z.object({
  pair_id: z.int(),
  symbol: z.string(),
  enabled: z.boolean(),
  multiples: z.array(z.int()),
  shares: z.array(z.int()),
  hands_min: z.int(),
  hands_max: z.int(),
  share_num: z.string(),
  spread: z.string(),
  fee: z.string(),
  overnight_rate: z.string(),
  max_positions: z.int(),
  max_pending: z.int(),
});
const settings = z.object({ liquidation_rate: z.string(), overnight_time: z.string(), pairs: z.array(pairSettings) });

/** The operator's lever settings (docs/operations.md): each change is a core command. */
export const operatorLeverRoutes: FastifyPluginAsyncZod<LeverRouteOptions> = async (app, { services, requireOperator, operatorOf }) => {
  app.addHook('onRequest', requireOperator);
  const tags = ['operator'];

  app.get('/lever/settings', { schema: { tags, summary: 'The liquidation rate, the overnight fee time and every pair’s lever settings', response: { 200: settings } } }, async () =>
    services.leverAdmin.settings(),
  );

  app.put(
    '/lever/settings',
    {
      schema: {
        tags,
        summary: 'Set the liquidation rate (percent, above 100) and the overnight fee time (HH:MM, Asia/Shanghai)',
        body: z.object({ liquidation_rate: decimal.optional(), overnight_time: z.string().max(5).optional() }),
        response: { 200: settings },
      },
    },
    async (request) => services.leverAdmin.setGlobal(operatorOf(request), request.body),
  );

  app.put(
    '/lever/pairs/:pairId',
    {
      schema: {
        tags,
        summary: 'Set a pair’s lever settings: open, multiples, quick hand sizes, hands min and max (0 none), contract size, spread, fee %, overnight rate %, maximum positions and pending orders',
        params: z.object({ pairId: z.coerce.number().int().positive().max(MAX_INTEGER_ID) }),
        body: z.object({
          enabled: z.boolean().optional(),
          multiples: z.array(z.int().min(1).max(1000)).min(1).max(20).optional(),
          shares: z.array(z.int().min(1).max(1_000_000)).max(20).optional(),
          hands_min: z.int().min(1).max(1_000_000).optional(),
          hands_max: whole.optional(),
          share_num: decimal.optional(),
          spread: decimal.optional(),
          fee: decimal.optional(),
          overnight_rate: decimal.optional(),
          max_positions: whole.optional(),
          max_pending: whole.optional(),
        }),
        response: { 200: pairSettings },
      },
    },
    async (request) => services.leverAdmin.setPair(operatorOf(request), request.params.pairId, request.body),
  );
};
