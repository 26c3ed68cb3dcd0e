import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import { MEDIA_PREFIX } from '../db/seed/seed';
import { UPLOADS_PREFIX } from '../modules/uploads/service';

/**
 * Serves the built web app at `/` (any unknown non-API GET gets index.html, so client routes
 * survive a reload) and the content images at `/media`. The content security policy allows only
 * our own scripts, plus any inline script of index.html by its hash.
 */
export async function registerWebApp(http: FastifyInstance, config: Config): Promise<void> {
  await http.register(fastifyStatic, { root: config.assetsDir, prefix: `${MEDIA_PREFIX}/`, decorateReply: false });
  // identity photos: unguessable names are the capability; keep them out of caches and indexes
  await mkdir(config.uploadsDir, { recursive: true });
  await http.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: `${UPLOADS_PREFIX}/`,
    decorateReply: false,
    index: false,
    setHeaders: (reply) => {
      reply.header('cache-control', 'private, no-store');
      reply.header('x-robots-tag', 'noindex');
    },
  });

  const indexFile = path.join(config.WEB_DIST, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (hasWebApp) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart
    await http.register(fastifyStatic, { root: config.WEB_DIST, prefix: '/', wildcard: true, index: false });
  } else {
    http.log.warn(`no web app at ${config.WEB_DIST}: run "npm run build" to build it`);
  }
  const csp = hasWebApp ? contentSecurityPolicy(readFileSync(indexFile, 'utf8')) : '';

  const sendIndex = (reply: FastifyReply) =>
    reply.header('content-security-policy', csp).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(readFileSync(indexFile));
  // the static wildcard would treat "/" as a folder listing: the home page is index.html
  // a page, not an API operation: kept out of the API reference
  if (hasWebApp) http.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  const sendAdminIndex = await registerBackOffice(http, config);

  http.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|wss|media|uploads|admin\/api)(\/|$)/.test(request.url);
    if (isPage && sendAdminIndex && /^\/admin(\/|$|\?)/.test(request.url)) return sendAdminIndex(reply);
    if (!hasWebApp || !isPage) return reply.status(404).send({ type: 'error', message: 'not found' });
    return sendIndex(reply);
  });
}

/**
 * The back office at /admin/: a bundle of its own (apps/admin), so visitors never download it.
 * Any page under /admin/ but the operator API gets its index.html; answers the sender, or
 * undefined when it is not built.
 */
async function registerBackOffice(http: FastifyInstance, config: Config): Promise<((reply: FastifyReply) => FastifyReply) | undefined> {
  const indexFile = path.join(config.ADMIN_DIST, 'index.html');
  if (!existsSync(indexFile)) {
    http.log.warn(`no back office at ${config.ADMIN_DIST}: run "npm run build" to build it`);
    return undefined;
  }
  await http.register(fastifyStatic, { root: config.ADMIN_DIST, prefix: '/admin/', wildcard: true, index: false, decorateReply: false });
  const csp = contentSecurityPolicy(readFileSync(indexFile, 'utf8'));
  return (reply) =>
    reply
      .header('content-security-policy', csp)
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(readFileSync(indexFile));
}

function contentSecurityPolicy(indexHtml: string): string {
  const inlineScripts = [...indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1] ?? '').digest('base64')}'`,
  );
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScripts.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self' ws: wss:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
