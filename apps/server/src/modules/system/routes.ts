import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appLinks, cacheBusting, qrcodeQuery, replySchema, supportLinks } from '@tessera/protocol';
import { z } from 'zod';
import type { RouteDeps } from '../../app/deps';

const noQuery = z.object(cacheBusting);
/** A chain watcher's state: `behind` confirmed blocks not yet read ("watcher behind by N blocks"). */
export const watcherStatus = z.object({
  network: z.string(),
  head: z.int(),
  cursor: z.int(),
  confirmations: z.int(),
  behind: z.int(),
  failures: z.int(),
  error: z.string().nullable(),
  headMovedAt: z.string().nullable(),
  deepReorgs: z.int(),
  refused: z.int(),
});
const health = replySchema(
  z.object({
    status: z.enum(['ok', 'unavailable']),
    database: z.string(),
    databaseState: z.enum(['up', 'down']).optional(),
    core: z.enum(['running', 'stopped', 'failed', 'unreachable']),
    reason: z.enum(['writes failing', 'reload in progress', 'writer lock lost', 'stopped', 'failed', 'database unreachable', 'core unreachable']).optional(),
    watchers: z.array(watcherStatus),
  }),
);
const readiness = replySchema(
  z.object({ status: z.enum(['ok', 'unavailable']), database: z.string(), core: z.enum(['running', 'stopped', 'failed', 'unreachable']) }),
);
const liveness = replySchema(z.object({ status: z.literal('ok') }));

export const systemRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary:
          'Health: the core takes writes and the database answers; 503 with a reason when not (writes failing, a reload in progress, the writer lock lost, the core stopped, failed or unreachable). `watchers`: each chain watcher’s lag in blocks and last failure',
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

  // liveness: the process answers (restart it when it does not); nothing else is asked, so a slow
  // database or an unreachable core never gets a process killed
  app.get(
    '/health/live',
    { schema: { tags: ['system'], summary: 'Liveness: the process answers', response: { 200: liveness } } },
    async () => ({ type: 'ok' as const, message: { status: 'ok' as const } }),
  );

  // readiness: the database answers (reads can be served); 503 takes the process out of rotation
  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers and the core is not stopped or failed; 503 when not. A gateway whose core is unreachable stays ready for reads and answers 503 to writes',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply) => {
      const message = await services.system.readiness();
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

/**
 * Routes old clients call outside `/api`: `GET /qr_create?text=…`, the QR image of the download
 * link in their header, is the same PNG as `/api/qrcode`.
 */
export const rootSystemRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  app.get(
    '/qr_create',
    {
      schema: {
        tags: ['system'],
        summary: 'A PNG QR code of `text` (the old clients’ path of /api/qrcode)',
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
