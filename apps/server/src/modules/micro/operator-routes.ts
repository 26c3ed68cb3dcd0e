import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_INTEGER_ID } from '@tessera/protocol';
import { z } from 'zod';
import type { Services } from '../../app/services';
import { MAY } from '../admin/roles';
import { InvalidMicroTerms } from './operator-service';

export interface MicroOperatorRouteOptions {
  services: Services;
  operatorOf: (request: FastifyRequest) => number;
}

const decimal = z.string().regex(/^\d{1,20}(\.\d{1,18})?$/);
const settingsBody = z.object({
  seconds: z.array(z.object({ seconds: z.int().min(1).max(86_400), profit_ratio: decimal })).min(1).max(20),
  stake_multiple: decimal,
  min_stake: decimal,
  max_stake: decimal,
  fee_percent: decimal,
  quick_numbers: z.array(decimal).max(10),
  currencies: z.array(z.int().positive().max(MAX_INTEGER_ID)).max(20),
});
const ok = z.object({ ok: z.literal(true) });

/**
 * The operator's terms of second contracts (docs/operations.md "Second contracts"). They shape
 * contracts not yet opened; no call here reaches a running contract or a result.
 */
export const microOperatorRoutes: FastifyPluginAsyncZod<MicroOperatorRouteOptions> = async (app, { services, operatorOf }) => {
  app.setErrorHandler((error, _request, reply: FastifyReply) => {
    if (error instanceof InvalidMicroTerms) return reply.status(400).send({ error: 'parameter error', detail: error.message });
    // everything else as every operator call: the parent's handler
    throw error;
  });
  const tags = ['operator'];

  app.get('/micro/settings', { config: { roles: MAY.read }, schema: { tags, summary: 'The terms of second contracts and which pairs are open for them' } }, async () =>
    services.microOperator.settings(),
  );

  app.put(
    '/micro/settings',
    {
      config: { roles: MAY.administer },
      schema: {
        tags,
        summary: 'Replace the terms of contracts still to be opened: durations and profit ratios, stake step, minimum and maximum, fee %, quick stakes, currencies',
        body: settingsBody,
        response: { 200: ok },
      },
    },
    async (request) => {
      await services.microOperator.setSettings(operatorOf(request), request.body);
      return { ok: true as const };
    },
  );

  app.put(
    '/micro/pairs/:pairId',
    {
      config: { roles: MAY.administer },
      schema: {
        tags,
        summary: 'Open or close a pair for new second contracts (open_microtrade); running ones settle as they would',
        params: z.object({ pairId: z.coerce.number().int().positive().max(MAX_INTEGER_ID) }),
        body: z.object({ open_microtrade: z.boolean() }),
        response: { 200: ok },
      },
    },
    async (request) => {
      await services.microOperator.setPairOpen(operatorOf(request), request.params.pairId, request.body.open_microtrade);
      return { ok: true as const };
    },
  );
};
