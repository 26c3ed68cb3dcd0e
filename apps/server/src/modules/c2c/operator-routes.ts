import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../app/services';
import { table, tableReply } from '../admin/back-office-routes';
import { MAY } from '../admin/roles';
import { pageRequest } from '../../lib/paging';

export interface C2cOperatorRouteOptions {
  services: Services;
  operatorOf: (request: FastifyRequest) => number;
}

const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** an order's state: 0 unpaid, 1 done, 2 cancelled, 3 paid; `appealed` is paid and under appeal */
const orderState = z.enum(['0', '1', '2', '3', 'appealed', '']).default('');

/** Operators list c2c ads and orders, rule on appealed orders and set the appeal window (docs/operations.md). */
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

  app.get(
    '/c2c/ads',
    {
      config: { roles: MAY.read },
      schema: {
        tags,
        summary: 'Every c2c ad, newest first, with its publisher; filters: status, type, the publisher’s account',
        querystring: z.object({
          ...table,
          status: z.enum(['open', 'withdrawn', 'done', '']).default(''),
          type: z.enum(['buy', 'sell', '']).default(''),
          account: z.string().trim().max(100).default(''),
        }),
      },
    },
    async (request, reply) => {
      const { status, type, account } = request.query;
      return tableReply(reply, request.query, 'c2c-ads', (page) =>
        services.c2c.operatorAds({ status: status || undefined, type: type || undefined, account: account || undefined }, page),
      );
    },
  );

  app.get(
    '/c2c/orders',
    {
      config: { roles: MAY.read },
      schema: {
        tags,
        summary: 'Every c2c order with both parties, newest first (under appeal: oldest appeal first); filters: state, a party’s user id',
        querystring: z.object({ ...table, state: orderState, user_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() }),
      },
    },
    async (request, reply) => {
      const { state, user_id: userId } = request.query;
      const filter = state === 'appealed' ? { appealed: true, userId } : { status: state === '' ? undefined : Number(state), userId };
      return tableReply(reply, request.query, 'c2c-orders', (page) => services.c2c.operatorOrders(filter, page));
    },
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
