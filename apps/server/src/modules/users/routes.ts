import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replySchema, userInfo } from '@tessera/protocol';
import { currentUser } from '../../http/authenticate';
import type { RouteDeps } from '../../app/deps';

export const userRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, requireUser }) => {
  app.get(
    '/user/info',
    {
      onRequest: requireUser,
      schema: { tags: ['account'], summary: 'The logged-in user', response: { 200: replySchema(userInfo) } },
    },
    async (request) => ({ type: 'ok' as const, message: await services.users.info(currentUser(request).id) }),
  );
};
