import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_INTEGER_ID } from '@tessera/protocol';
import { z } from 'zod';
import type { Services } from '../../app/services';
import { table, tableReply } from '../admin/back-office-routes';
import { MAY } from '../admin/roles';

export interface RiskRouteOptions {
  services: Services;
}

const id = z.coerce.number().int().positive().max(MAX_INTEGER_ID);

/** The operators' risk view (docs/back-office.md "Risk"): read only. */
export const riskOperatorRoutes: FastifyPluginAsyncZod<RiskRouteOptions> = async (app, { services }) => {
  const tags = ['operator'];

  app.get(
    '/risk',
    {
      config: { roles: MAY.read },
      schema: {
        tags,
        summary: 'The liquidation rate, how many lever accounts hold positions, the house’s exposure to them, and running second contracts per currency with their reserve',
      },
    },
    async () => services.risk.view(),
  );

  app.get(
    '/risk/lever-accounts',
    {
      config: { roles: MAY.read },
      schema: {
        tags,
        summary: 'Lever accounts holding positions, nearest liquidation (lowest risk rate) first, with the marks that would liquidate them; filters: the quote currency, part of the account or the user id (`q`); paged, CSV',
        querystring: z.object({ ...table, currency_id: id.optional(), q: z.string().trim().max(100).default('') }),
      },
    },
    async (request, reply) => {
      const { currency_id: legalId, q } = request.query;
      return tableReply(reply, request.query, 'lever-accounts', (page) => services.risk.leverAccounts({ legalId, q: q || undefined }, page));
    },
  );

  app.get(
    '/risk/micro-contracts',
    {
      config: { roles: MAY.read },
      schema: {
        tags,
        summary: 'Running second contracts, the soonest expiry first, with the reserve a win would take; filters: the currency staked, the pair, the user; paged, CSV',
        querystring: z.object({ ...table, currency_id: id.optional(), pair_id: id.optional(), user_id: id.optional() }),
      },
    },
    async (request, reply) => {
      const { currency_id: currencyId, pair_id: pairId, user_id: userId } = request.query;
      return tableReply(reply, request.query, 'micro-contracts', (page) => services.risk.runningContracts({ currencyId, pairId, userId }, page));
    },
  );
};
