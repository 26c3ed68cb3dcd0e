import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGE_KEYS, type MessageKey } from '@tessera/protocol';
import { CoreUnreachable, Refusal } from '../core/refusal';

const knownKeys = new Set<string>(MESSAGE_KEYS);

interface ValidationIssue {
  message?: string;
}

/**
 * The one error handler. Business refusals and invalid input answer HTTP 200 with a refusal
 * envelope; transport problems get their 4xx; anything else is a server fault: logged with the
 * request id, answered with a generic message and that id, never a stack trace.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Refusal, request: FastifyRequest, reply: FastifyReply) => {
    // a gateway whose core is unreachable refuses writes with 503; its reads go on
    if (error instanceof CoreUnreachable) return reply.status(503).send({ type: 'error', message: error.key });
    if (error instanceof Refusal) {
      return reply.status(200).send({ type: error.replyType, message: error.key });
    }
    if (error.validation) {
      return reply.status(200).send({ type: 'error', message: validationKey(error.validation) });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ type: 'error', message: 'payload too large' });
    if (status === 429) {
      return reply.status(429).send({ type: 'error', message: 'too many requests, please slow down' });
    }
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code }, 'malformed request');
      return reply.status(status).send({ type: 'error', message: 'request body is malformed' });
    }
    request.log.error({ err: error }, 'server fault');
    return reply
      .status(500)
      .send({ type: 'error', message: 'server error, please retry later', request_id: request.id });
  });
}

/** The first issue that names a catalogue key speaks; any other problem is a parameter error. */
function validationKey(issues: readonly ValidationIssue[]): string {
  for (const issue of issues) {
    if (issue.message && knownKeys.has(issue.message)) return issue.message;
  }
  return 'parameter error' satisfies MessageKey;
}
