import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appLinks, cacheBusting, qrcodeQuery, replySchema, supportLinks } from '@tessera/protocol';
import { z } from 'zod';
import type { RouteDeps } from '../../app/deps';

const noQuery = z.object(cacheBusting);
const health = replySchema(
  z.object({
    status: z.enum(['ok', 'unavailable']),
    database: z.string(),
    core: z.enum(['running', 'stopped', 'failed']),
    reason: z.enum(['writes failing', 'reload in progress', 'writer lock lost', 'stopped', 'failed', 'database unreachable']).optional(),
  }),
);

export const systemRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the core takes writes and the database answers; 503 with a reason when not (writes failing, a reload in progress, the writer lock lost, the core stopped or failed)',
        response: { 200: health, 503: health },
      },
    },
    async (_request, reply) => {
      const message = await services.system.health();
      // load balancers take a server out on the status code
      if (message.status !== 'ok') reply.code(503);
      return { type: 'ok' as const, message };
    },
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
