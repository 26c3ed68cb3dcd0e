import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unmappedAddress } from '../lib/ip-address';

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = unmappedAddress(address.toLowerCase());
  return plain === '::1' || /^127(\.\d{1,3}){3}$/.test(plain);
}

/** The host names that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host);
}

/** Asked from this machine itself: the socket's peer is loopback and no proxy relayed it. */
export function fromThisMachine(request: FastifyRequest): boolean {
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !relayed && isLoopbackAddress(request.raw.socket.remoteAddress);
}

/**
 * Development routes (the outbox with everyone's codes, the chain watcher that credits money)
 * answer only this machine, however widely the server listens: to anyone else they do not exist.
 */
export function answerThisMachineOnly(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!fromThisMachine(request)) return reply.status(404).send({ type: 'error', message: 'not found' });
  });
}
