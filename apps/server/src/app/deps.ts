import type { preHandlerAsyncHookHandler } from 'fastify';
import type { SessionCookies } from '../http/cookies';
import type { Services } from './services';

/** What every route plugin is given: the services, and the guard for private routes. */
export interface RouteDeps {
  services: Services;
  requireUser: preHandlerAsyncHookHandler;
  /** the session and verification cookies of old browser clients (http/cookies.ts) */
  cookies: SessionCookies;
}
