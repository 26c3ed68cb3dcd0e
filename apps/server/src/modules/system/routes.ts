import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appLinks, cacheBusting, qrcodeQuery, replySchema, supportLinks } from '@tessera/protocol';
import { z } from 'zod';
import type { RouteDeps } from '../../app/deps';

const noQuery = z.object(cacheBusting);

export const systemRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: replySchema(z.object({ status: z.literal('ok'), database: z.string() })) },
      },
    },
    async () => ({ type: 'ok' as const, message: await services.system.health() }),
  );

  app.get(
    '/cfg/kefu',
    {
      schema: {
        tags: ['system'],
        summary: 'Support-chat links (pc for desktop)',
        querystring: noQuery,
        response: { 200: replySchema(supportLinks) },
      },
    },
    async () => ({ type: 'ok' as const, message: await services.system.supportLinks() }),
  );

  app.get(
    '/custorm',
    {
      schema: {
        tags: ['system'],
        summary: 'App download links',
        querystring: noQuery,
        response: { 200: replySchema(appLinks) },
      },
    },
    async () => ({ type: 'ok' as const, message: await services.system.appLinks() }),
  );

  app.get(
    '/qrcode',
    {
      schema: {
        tags: ['system'],
        summary: 'A PNG QR code of `text`',
        querystring: qrcodeQuery,
        produces: ['image/png'],
      },
    },
    async (request, reply) => {
      const png = await services.system.qrPng(request.query.text);
      return reply.header('cache-control', 'public, max-age=86400').type('image/png').send(png);
    },
  );
};
