import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { liabilityProof, liabilitySnapshot, MAX_INTEGER_ID, pagedSchema, pageQuery, replySchema } from '@tessera/protocol';
import { z } from 'zod';
import { currentUser } from '../../http/authenticate';
import { pageRequest } from '../../lib/paging';
import type { RouteDeps } from '../../app/deps';

const proofQuery = z.object({
  id: z.coerce.number().int().positive().max(MAX_INTEGER_ID),
  currency: z.coerce.number().int().positive().max(MAX_INTEGER_ID),
});

/** Proof of liabilities: the published snapshots for everyone, each user's proof for them alone. */
export const liabilityRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, requireUser }) => {
  const tags = ['liabilities'];

  app.get(
    '/liabilities',
    {
      schema: {
        tags,
        summary: 'Published proof-of-liabilities snapshots, newest first: each currency’s root hash and users’ total, and the platform’s own accounts',
        querystring: z.object(pageQuery),
        response: { 200: replySchema(pagedSchema(liabilitySnapshot)) },
      },
    },
    async (request) => ({ type: 'ok' as const, message: await services.liabilities.list(pageRequest(request.query.page, request.query.limit)) }),
  );

  app.get(
    '/liabilities/proof',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The caller’s proof for one currency of a published snapshot: their leaf, its salt and balance, and the sibling path to the root',
        description: 'The format is in docs/proof-of-liabilities.md; `npm run verify-liabilities -- proof.json` checks one.',
        querystring: proofQuery,
        response: { 200: replySchema(liabilityProof) },
      },
    },
    async (request) => ({
      type: 'ok' as const,
      message: await services.liabilities.proof(currentUser(request).id, request.query.id, request.query.currency),
    }),
  );
};
