import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replySchema, unlockBody, uplistsBody, uplistsPage, upOrderBody, upstartInfo, upstartInfoQuery, upstartPrice } from '@tessera/protocol';
import { z } from 'zod';
import { currentMember, currentUser } from '../../http/authenticate';
import type { RouteDeps } from '../../app/deps';

/** Token subscription (UpStart). The price is public; the rest is private. */
export const upstartRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { services } = deps;
  const tags = ['upstart'];
  const priceSchema = { tags, summary: 'The subscription price of the token on offer, in USDT (polled every second)', response: { 200: replySchema(upstartPrice) } };
  app.post('/bi/price', { schema: priceSchema }, async () => ({ type: 'ok' as const, message: await services.upstart.price() }));
  app.get('/bi/price', { schema: priceSchema }, async () => ({ type: 'ok' as const, message: await services.upstart.price() }));

  await app.register(privateUpstartRoutes, deps);
};

const privateUpstartRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, requireUser }) => {
  app.addHook('onRequest', requireUser);
  const tags = ['upstart'];

  app.get(
    '/user/upstart',
    { schema: { tags, summary: 'The project on offer: terms, cycle step, remaining, and the caller’s USDT balance', querystring: upstartInfoQuery, response: { 200: replySchema(upstartInfo) } } },
    async (request) => ({ type: 'ok' as const, message: await services.upstart.info(currentUser(request).id, request.query.id) }),
  );

  app.post(
    '/user/up_order',
    {
      schema: {
        tags,
        summary: 'Subscribe: pay `amount` USDT (a whole multiple of 100) from the change wallet for tokens locked for the frozen hours',
        body: upOrderBody,
        response: { 200: replySchema(z.string()) },
      },
    },
    async (request) => {
      await services.upstart.subscribe(currentMember(request).id, request.body);
      return { type: 'ok' as const, message: 'subscription success' };
    },
  );

  app.post(
    '/user/uplists',
    { schema: { tags, summary: 'The caller’s subscriptions, newest first (limit up to 500)', body: uplistsBody, response: { 200: replySchema(uplistsPage) } } },
    async (request) => ({ type: 'ok' as const, message: await services.upstart.records(currentUser(request).id, request.body.page, request.body.limit) }),
  );

  app.post(
    '/user/unlock',
    { schema: { tags, summary: 'Unlock an unlockable subscription (status 2): its tokens become available in the change wallet', body: unlockBody, response: { 200: replySchema(z.string()) } } },
    async (request) => {
      await services.upstart.unlock(currentUser(request).id, request.body.id);
      return { type: 'ok' as const, message: 'unlock success' };
    },
  );
};
