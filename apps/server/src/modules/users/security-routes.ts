import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bindEmailBody,
  newPasswordBody,
  realNameBody,
  regionUserPage,
  regionUsersQuery,
  replySchema,
  setPayPasswordBody,
  userCenter,
} from '@tessera/protocol';
import { z } from 'zod';
import { currentUser, tokenOf } from '../../http/authenticate';
import { requestClient } from '../../http/client-info';
import { pageRequest } from '../../lib/paging';
import type { RouteDeps } from '../../app/deps';

const okText = replySchema(z.string());
const done = { type: 'ok' as const, message: 'operation ok' };

/** The account centre: security settings, identity verification, region users. All private. */
export const securityRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, requireUser }) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/user/center',
    { schema: { tags: ['account'], summary: 'Identity review state and security strength', response: { 200: replySchema(userCenter) } } },
    async (request) => ({ type: 'ok' as const, message: await services.identity.center(currentUser(request).id) }),
  );

  app.post(
    '/user/real_name',
    { schema: { tags: ['account'], summary: 'Submit identity for review', body: realNameBody, response: { 200: okText } } },
    async (request) => {
      await services.identity.submit(currentUser(request).id, request.body);
      return done;
    },
  );

  app.get(
    '/user/region_users',
    {
      schema: {
        tags: ['account'],
        summary: 'Users of the region agent’s region (agents only)',
        querystring: regionUsersQuery,
        response: { 200: replySchema(regionUserPage) },
      },
    },
    async (request) => ({
      type: 'ok' as const,
      message: await services.region.regionUsers(currentUser(request).id, pageRequest(request.query.page, request.query.limit)),
    }),
  );

  app.post(
    '/safe/update_password',
    {
      schema: {
        tags: ['account'],
        summary: 'New login password, proved with a code (type forget) sent to the account; other sessions end',
        body: newPasswordBody,
        response: { 200: okText },
      },
    },
    async (request) => {
      await services.security.updatePassword(currentUser(request).id, tokenOf(request) ?? '', request.body, requestClient(request));
      return done;
    },
  );

  app.post(
    '/safe/set_pay_password',
    {
      schema: {
        tags: ['account'],
        summary: 'Set the first fund password: six digits (screen /setCash), proved with the login password or a code (type forgets)',
        body: setPayPasswordBody,
        response: { 200: okText },
      },
    },
    async (request) => {
      await services.security.setPayPassword(currentUser(request).id, request.body, requestClient(request));
      return done;
    },
  );

  app.post(
    '/safe/reset_pay_password',
    {
      schema: {
        tags: ['account'],
        summary: 'New fund password, proved with a code (type forgets) sent to the account (screen /forgetsPwd)',
        body: newPasswordBody,
        response: { 200: okText },
      },
    },
    async (request) => {
      await services.security.resetPayPassword(currentUser(request).id, request.body, requestClient(request));
      return done;
    },
  );

  app.post(
    '/safe/email',
    {
      schema: { tags: ['account'], summary: 'Bind an e-mail, proved with a code (type bind)', body: bindEmailBody, response: { 200: okText } },
    },
    async (request) => {
      await services.security.bindEmail(currentUser(request).id, request.body, requestClient(request));
      return done;
    },
  );
};
