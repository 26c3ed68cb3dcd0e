import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's headers, worked out once. `@fastify/helmet` builds the middleware again for every
 * request (a measurable part of the CPU per order in `npm run bench:api`); with the same options
 * for every route the result never changes, so it is computed at start and set from a map. The
 * web app's pages add their own Content-Security-Policy (`app/web-app.ts`).
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  let done = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

export function installSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, next) => {
    reply.headers(headers);
    next();
  });
}
