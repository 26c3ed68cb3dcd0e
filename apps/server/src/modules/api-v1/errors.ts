import type { FastifyError, FastifyInstance } from 'fastify';
import { Refusal } from '../../core/refusal';
import { ADMISSION_REFUSALS } from '../../core/admissions/admission';
import { SignedRefusal } from './authenticate';

/**
 * The v1 API answers with the envelope of the old one (`{type, message}`, the message a catalogue
 * key in the caller's language), but with HTTP statuses a bot library maps to errors: 401 the key or
 * signature, 403 scope or address, 400 any other refusal or invalid input, 429 rate limited. The
 * rest (payload too large, server faults) goes to the server's one error handler.
 */
export function installV1ErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Refusal, _request, reply) => {
    if (error instanceof SignedRefusal) return reply.status(error.status).send({ type: 'error', message: error.key });
    if (error instanceof Refusal && ADMISSION_REFUSALS.has(error.key)) return reply.status(401).send({ type: 'error', message: error.key });
    if (error instanceof Refusal) return reply.status(400).send({ type: error.replyType, message: error.key });
    if (error.validation) return reply.status(400).send({ type: 'error', message: 'parameter error' });
    throw error;
  });
}
