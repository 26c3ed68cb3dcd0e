import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../app/services';
import { MAY } from '../admin/roles';

export interface RiskRouteOptions {
  services: Services;
}

/** The operators' risk view (docs/back-office.md "Risk"): read only. */
export const riskOperatorRoutes: FastifyPluginAsyncZod<RiskRouteOptions> = async (app, { services }) => {
  app.get(
    '/risk',
    {
      config: { roles: MAY.read },
      schema: {
        tags: ['operator'],
        summary: 'Lever accounts nearest liquidation, the house’s exposure to held positions, running second contracts and their reserve',
      },
    },
    async () => services.risk.view(),
  );
};
