import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../app/services';
import { MAY } from '../admin/roles';
import { pageRequest } from '../../lib/paging';

export interface C2cOperatorRouteOptions {
  services: Services;
  operatorOf: (request: FastifyRequest) => number;
}

const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Operators rule on appealed c2c orders and set the appeal window (docs/operations.md). */
export const c2cOperatorRoutes: FastifyPluginAsyncZod<C2cOperatorRouteOptions> = async (app, { services, operatorOf }) => {
  const tags = ['operator'];

  app.get(
    '/c2c/appeals',
    {
      config: { roles: MAY.read },
      schema: {
        tags,
        summary: 'Paid c2c orders under appeal, oldest appeal first',
        querystring: z.object({ page: z.coerce.number().int().positive().optional(), limit: z.coerce.number().int().positive().optional() }),
      },
    },
    async (request) => services.c2cOperator.appeals(pageRequest(request.query.page, request.query.limit)),
  );

  app.post(
    '/c2c/orders/:id/resolve',
    {
      config: { roles: MAY.moveMoney },
      schema: {
        tags,
        summary: 'Rule on an appealed order: release the coins to the buyer, or return them to the seller',
        params: idParams,
        body: z.object({ outcome: z.enum(['release', 'return']), note: z.string().max(200).default('') }),
        response: { 200: z.object({ ok: z.literal(true), is_sure: z.int() }) },
      },
    },
    async (request) => services.c2cOperator.resolve(operatorOf(request), request.params.id, request.body.outcome, request.body.note),
  );

  app.get('/settings/c2c', { config: { roles: MAY.read }, schema: { tags, summary: 'The c2c appeal window' } }, async () => ({
    appeal_minutes: await services.c2cOperator.appealMinutes(),
  }));

  app.put(
    '/settings/c2c',
    {
      config: { roles: MAY.administer },
      schema: {
        tags,
        summary: 'Set the minutes after "paid" before either side may appeal an order the seller has not released',
        body: z.object({ appeal_minutes: z.int().min(0).max(10_080) }),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await services.c2cOperator.setAppealMinutes(operatorOf(request), request.body.appeal_minutes);
      return { ok: true as const };
    },
  );
};
