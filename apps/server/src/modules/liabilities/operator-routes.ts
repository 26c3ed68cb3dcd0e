import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../app/services';
import { pageRequest } from '../../lib/paging';
import { MAY } from '../admin/roles';

export interface LiabilityOperatorRouteOptions {
  services: Services;
  operatorOf: (request: FastifyRequest) => number;
}

/** Operators take and see proof-of-liabilities snapshots (docs/proof-of-liabilities.md). */
export const liabilityOperatorRoutes: FastifyPluginAsyncZod<LiabilityOperatorRouteOptions> = async (app, { services, operatorOf }) => {
  const tags = ['operator'];

  app.post(
    '/liabilities/publish',
    {
      // it publishes the platform's liabilities: the money roles
      config: { roles: MAY.moveMoney },
      schema: {
        tags,
        summary: 'Take a snapshot of every balance at the next batch boundary and publish its trees once built',
        response: { 200: z.object({ id: z.int() }) },
      },
    },
    async (request) => services.liabilities.publish(operatorOf(request)),
  );

  app.get(
    '/liabilities',
    {
      config: { roles: MAY.read },
      schema: {
        tags,
        summary: 'Every snapshot, newest first, those still building too',
        querystring: z.object({ page: z.coerce.number().int().min(1).optional(), limit: z.coerce.number().int().min(1).max(100).optional() }),
      },
    },
    async (request) => services.liabilities.list(pageRequest(request.query.page, request.query.limit), false),
  );
};
