import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Services } from './services';

/** What every route plugin is given: the services, and the guard for private routes. */
export interface RouteDeps {
  services: Services;
  requireUser: preHandlerAsyncHookHandler;
}
