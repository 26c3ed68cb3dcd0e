import type { onRequestAsyncHookHandler } from 'fastify';
import type { SessionCookies } from '../http/cookies';
import type { Services } from './services';

/**
 * What every route plugin is given: the services, and the guard for private routes. The guard is
 * an `onRequest` hook: it runs before the body is read and validated, so a caller without a live
 * session gets `999` whatever it sends, and its body is never parsed.
 */
export interface RouteDeps {
  services: Services;
  requireUser: onRequestAsyncHookHandler;
  /** the session and verification cookies of old browser clients (http/cookies.ts) */
  cookies: SessionCookies;
}
