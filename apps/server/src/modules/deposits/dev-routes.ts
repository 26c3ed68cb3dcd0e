import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replySchema } from '@tessera/protocol';
import { z } from 'zod';
import { refuse } from '../../core/refusal';
import type { RouteDeps } from '../../app/deps';
import { answerThisMachineOnly } from '../../http/this-machine-only';
import { MAX_OUTPUT_INDEX } from './service';

const chainDepositBody = z.object({
  network: z.enum(['btc', 'erc20', 'trc20']),
  address: z.string().min(1).max(128),
  currency_id: z.coerce.number().int().positive(),
  tx_hash: z.string().min(1).max(128),
  // the development route defaults to output 0 so that a quick report needs no index; the operator
  // API, where a wrong output credits the wrong deposit, requires it
  output_index: z.coerce.number().int().min(0).max(MAX_OUTPUT_INDEX).default(0),
  amount: z.string().min(1).max(40),
});

/**
 * POST /api/dev/chain/deposit: the development chain watcher's input. Registered only outside
 * production, answered only to this machine.
 */
export const devChainRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  answerThisMachineOnly(app);
  app.post(
    '/dev/chain/deposit',
    {
      schema: {
        tags: ['development'],
        summary: 'Report a confirmed on-chain deposit (one output of a transaction) to a user’s address, as a chain watcher would (not in production)',
        body: chainDepositBody,
        response: { 200: replySchema(z.object({ applied: z.boolean(), status: z.int(), credited: z.string() })) },
      },
    },
    async (request) => {
      const watcher = services.developmentChain;
      if (!watcher) refuse('not found');
      const body = request.body;
      const result = await watcher.report({
        network: body.network,
        address: body.address,
        currencyId: body.currency_id,
        txHash: body.tx_hash,
        outputIndex: body.output_index,
        amount: body.amount,
      });
      return { type: 'ok' as const, message: result };
    },
  );
};
