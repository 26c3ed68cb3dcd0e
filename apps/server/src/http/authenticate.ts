import type { FastifyReply, FastifyRequest } from 'fastify';
import { NOT_LOGGED_IN, SESSION_EXPIRED } from '@tessera/protocol';
import type { AuthService, AuthenticatedUser } from '../modules/auth/service';
import { Refusal } from '../core/refusal';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` on private routes. */
    user?: AuthenticatedUser;
  }
}

/**
 * The token from `Authorization`: raw (what old clients send) or `Bearer <token>`. Old clients
 * also send the text `null` or `undefined` when they have none.
 */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  const token = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : header;
  if (token === '' || token === 'null' || token === 'undefined') return undefined;
  return token;
}

/**
 * The guard of private routes, installed as an `onRequest` hook (before the body is parsed and
 * validated): answers `999` unless the token is a live session, whatever the request carries.
 * `tokenFrom`: where the token is read; by default only `Authorization`.
 */
export function requireUser(auth: AuthService, tokenFrom: (request: FastifyRequest) => string | undefined = tokenOf) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = tokenFrom(request);
    if (!token) throw new Refusal(NOT_LOGGED_IN, '999');
    const user = await auth.authenticate(token);
    if (typeof user === 'string') throw new Refusal(SESSION_EXPIRED, '999');
    request.user = user;
  };
}

/** The authenticated user of a private route (set by `requireUser`). */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new Error('currentUser used on a route without requireUser');
  return request.user;
}

/**
 * The authenticated user of a private route that changes what the account keeps (payment methods,
 * withdrawal addresses, subscriptions): refused for the shared guest account, which every later
 * guest would otherwise see.
 */
export function currentMember(request: FastifyRequest): AuthenticatedUser {
  const user = currentUser(request);
  if (user.isVistor) throw new Refusal('guest accounts cannot do this');
  return user;
}

/** A preHandler for calls that visitors may make too: a token, when sent, must be live. */
export function optionalUser(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = tokenOf(request);
    if (!token) return;
    const user = await auth.authenticate(token);
    if (typeof user === 'string') throw new Refusal(SESSION_EXPIRED, '999');
    request.user = user;
  };
}

/**
 * A preHandler for public calls whose answer depends on who asks when someone is logged in: a live
 * token sets the user; a missing, expired or unknown one is a visitor (never a 999, which would log
 * an old client out of a call it makes on its public screens).
 */
export function callerIfAny(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = tokenOf(request);
    if (!token) return;
    const user = await auth.authenticate(token);
    if (typeof user !== 'string') request.user = user;
  };
}
