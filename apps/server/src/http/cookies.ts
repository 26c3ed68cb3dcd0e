import { randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The two cookies of old browser clients, both httpOnly (no script reads them) and SameSite=Lax
 * (a cross-site page cannot send them with a POST, a fetch or a frame):
 *
 * - the session cookie carries the login token, for the only two places an old client sends no
 *   `Authorization`: the socket.io handshake and `POST upload`. No other call reads it, so a
 *   request that carries only the cookie can act on nothing else (it answers 999).
 * - the verification cookie carries a random id (never a code) that ties a code sent, its check
 *   and the registration or password reset that follows (modules/verification).
 */
export const SESSION_COOKIE = 'tessera_session';
export const VERIFICATION_COOKIE = 'tessera_verification';

/** 256 random bits in base64url: what both cookies carry and what they are checked against. */
const OPAQUE_VALUE = /^[A-Za-z0-9_-]{43}$/;

export interface CookiePolicy {
  /** in production every cookie is Secure, whatever the request looked like on its way in */
  production: boolean;
  sessionTtlHours: number;
}

export interface SessionCookies {
  /** Sets the session cookie to a new login token. */
  setSession(request: FastifyRequest, reply: FastifyReply, token: string): void;
  clearSession(request: FastifyRequest, reply: FastifyReply): void;
  /** The verification session of the browser, created (and the cookie set) when it has none. */
  verificationSession(request: FastifyRequest, reply: FastifyReply): string;
}

export function sessionCookies(policy: CookiePolicy): SessionCookies {
  const options = (request: FastifyRequest, path: string): CookieSerializeOptions => ({
    httpOnly: true,
    sameSite: 'lax',
    path,
    secure: policy.production || request.protocol === 'https',
  });
  return {
    setSession(request, reply, token) {
      reply.setCookie(SESSION_COOKIE, token, { ...options(request, '/'), maxAge: policy.sessionTtlHours * 3600 });
    },
    clearSession(request, reply) {
      reply.clearCookie(SESSION_COOKIE, options(request, '/'));
    },
    verificationSession(request, reply) {
      const known = verificationSessionOf(request);
      if (known) return known;
      const id = randomBytes(32).toString('base64url');
      // no Max-Age: it lasts as long as the browser session; its marks expire on the server
      reply.setCookie(VERIFICATION_COOKIE, id, options(request, '/api'));
      return id;
    },
  };
}

/** The login token in the session cookie of a request, if any. */
export function sessionCookieToken(request: FastifyRequest): string | undefined {
  return opaque(request.cookies[SESSION_COOKIE]);
}

/** The login token in a raw Cookie header (the socket.io handshake has no Fastify request). */
export function sessionTokenFromCookieHeader(header: string | undefined, parse: (header: string) => Record<string, string | undefined>) {
  return header ? opaque(parse(header)[SESSION_COOKIE]) : undefined;
}

/** The verification session a browser already has, if any. */
export function verificationSessionOf(request: FastifyRequest): string | undefined {
  return opaque(request.cookies[VERIFICATION_COOKIE]);
}

function opaque(value: string | undefined): string | undefined {
  return value && OPAQUE_VALUE.test(value) ? value : undefined;
}
