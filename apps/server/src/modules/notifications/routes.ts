import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationPage, notificationListBody, notificationReadBody, replySchema } from '@tessera/protocol';
import { z } from 'zod';
import { currentUser } from '../../http/authenticate';
import { requestLang } from '../../http/language';
import { pageRequest } from '../../lib/paging';
import type { RouteDeps } from '../../app/deps';

/** The caller's notifications (the account centre's messages). All private. */
export const notificationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, requireUser }) => {
  app.addHook('onRequest', requireUser);
  const tags = ['notifications'];
  const listSchema = { tags, summary: 'The caller’s notifications, newest first, in the `lang` of the request, with the unread count', response: { 200: replySchema(notificationPage) } };

  app.post('/notification/list', { schema: { ...listSchema, body: notificationListBody } }, async (request) => ({
    type: 'ok' as const,
    message: await services.notifications.list(currentUser(request).id, requestLang(request), pageRequest(request.body.page, request.body.limit)),
  }));
  app.get('/notification/list', { schema: { ...listSchema, querystring: notificationListBody } }, async (request) => ({
    type: 'ok' as const,
    message: await services.notifications.list(currentUser(request).id, requestLang(request), pageRequest(request.query.page, request.query.limit)),
  }));

  app.get(
    '/notification/unread',
    { schema: { tags, summary: 'How many of the caller’s notifications are unread (the header’s badge)', response: { 200: replySchema(z.object({ count: z.int() })) } } },
    async (request) => ({ type: 'ok' as const, message: { count: await services.notifications.unread(currentUser(request).id) } }),
  );

  app.post(
    '/notification/read',
    { schema: { tags, summary: 'Mark one notification read, or all of them without an id; answers the unread count', body: notificationReadBody, response: { 200: replySchema(z.object({ unread: z.int() })) } } },
    async (request) => ({ type: 'ok' as const, message: { unread: await services.notifications.markRead(currentUser(request).id, request.body.id) } }),
  );
};
