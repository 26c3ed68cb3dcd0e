import type { FastifyInstance } from 'fastify';

/** One route as Fastify registered it: a method and the full path (parameters as `:name`). */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** the operator roles the route declares (operator routes only) */
  roles?: readonly string[];
  /** an operator route any session may call (logout, enrolment) or none needs (login) */
  operatorOpen?: boolean;
}

/**
 * Records every route registered on `http` from now on, methods spread out one per entry. Fastify
 * keeps no public list of its routes, and a test that must see every route (so that a new one
 * cannot escape its checks) needs one; it is filled while the app is built and read after `ready`.
 */
export function recordRoutes(http: FastifyInstance): readonly RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  http.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({
      method,
      url: route.url,
      roles: route.config?.roles,
      operatorOpen: Boolean(route.config?.anyOperatorSession || route.config?.operatorPublic),
    });
  });
  return routes;
}
