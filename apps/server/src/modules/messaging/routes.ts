import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cacheBusting, replySchema } from '@tessera/protocol';
import { z } from 'zod';
import { formatTimestamp } from '../../lib/time';
import type { RouteDeps } from '../../app/deps';
import { answerThisMachineOnly } from '../../http/this-machine-only';

const outboxItem = z.object({
  to: z.string(),
  channel: z.string(),
  subject: z.string(),
  text: z.string(),
  code: z.string(),
  created_at: z.string(),
});

/** GET /api/dev/outbox: registered only outside production, answered only to this machine. */
export const devOutboxRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  answerThisMachineOnly(app);
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages the platform would have sent to an address (not in production)',
        querystring: z.object({ to: z.string().min(1).max(120), ...cacheBusting }),
        response: { 200: replySchema(z.array(outboxItem)) },
      },
    },
    async (request) => {
      const rows = await services.outbox.listFor(request.query.to);
      return {
        type: 'ok' as const,
        message: rows.map((row) => ({
          to: row.recipient,
          channel: row.channel,
          subject: row.subject,
          text: row.body,
          code: row.code,
          created_at: formatTimestamp(row.created_at),
        })),
      };
    },
  );
};
