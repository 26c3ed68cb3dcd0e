import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyCreateBody, apiKeyCreated, apiKeyDeleteBody, apiKeyUse, apiKeyView, replySchema } from '@tessera/protocol';
import { z } from 'zod';
import { currentUser } from '../../http/authenticate';
import type { RouteDeps } from '../../app/deps';

/** The account centre's API keys (docs/api-v1.md "Keys"): all private, for the logged-in user. */
export const apiKeyRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, requireUser }) => {
  app.addHook('onRequest', requireUser);
  const tags = ['api keys'];

  app.post(
    '/apikey/create',
    {
      schema: {
        tags,
        summary: 'Create an API key; the secret is in this reply only',
        description: 'Scopes: read (always), trade, withdraw (only with an IP allow-list). Asks for the account’s second factor when one is bound.',
        body: apiKeyCreateBody,
        response: { 200: replySchema(apiKeyCreated) },
      },
    },
    async (request) => ({ type: 'ok' as const, message: await services.apiKeys.create(currentUser(request), request.body) }),
  );

  for (const method of ['get', 'post'] as const) {
    app[method](
      '/apikey/list',
      { schema: { tags, summary: 'The caller’s API keys (never their secrets), newest first', response: { 200: replySchema(z.array(apiKeyView)) } } },
      async (request) => ({ type: 'ok' as const, message: await services.apiKeys.list(currentUser(request).id) }),
    );
  }

  app.post(
    '/apikey/delete',
    { schema: { tags, summary: 'Delete one of the caller’s API keys: its next request is refused, in every server process', body: apiKeyDeleteBody, response: { 200: replySchema(z.string()) } } },
    async (request) => {
      await services.apiKeys.delete(currentUser(request).id, request.body.id);
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );

  app.get(
    '/apikey/uses',
    { schema: { tags, summary: 'The use of the caller’s API keys over 90 days, per key, address and day (the login history’s key entries)', response: { 200: replySchema(z.array(apiKeyUse)) } } },
    async (request) => ({ type: 'ok' as const, message: await services.apiKeys.uses(currentUser(request).id) }),
  );
};
