import type { FastifyReply, FastifyRequest } from 'fastify';
import { NOT_LOGGED_IN, SESSION_EXPIRED } from '@tessera/protocol';
import type { AuthService } from '../modules/auth/service';
import { tokenOf } from './authenticate';
import { sessionCookieToken } from './cookies';
import { Refusal } from '../core/refusal';

/**
 * `requireUser` for the one HTTP call old clients make without `Authorization`: `POST upload`.
 * The token comes from the header when one is sent, else from the session cookie (httpOnly,
 * SameSite=Lax: a cross-site form cannot send it). Every other private route uses `requireUser`,
 * which never reads cookies.
 */
export function requireUserByTokenOrCookie(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = tokenOf(request) ?? sessionCookieToken(request);
    if (!token) throw new Refusal(NOT_LOGGED_IN, '999');
    const user = await auth.authenticate(token);
    if (typeof user === 'string') throw new Refusal(SESSION_EXPIRED, '999');
    request.user = user;
  };
}
