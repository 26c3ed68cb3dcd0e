import { bodyTimeoutOptions } from '../http/body-timeout';
import { installIdempotency } from '../modules/idempotency/hook';
import { IdempotencyRepository } from '../modules/idempotency/repository';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Server as SocketServer } from 'socket.io';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { requireUser } from '../http/authenticate';
import { sessionCookies } from '../http/cookies';
import { installErrorHandler } from '../http/error-handler';
import { installSecurityHeaders } from '../http/security-headers';
import { clientAddressOf, fastifyTrustProxy } from '../http/trust-proxy';
import { installMessageLanguage } from '../http/language';
import { systemClock, type Clock } from '../lib/time';
import { adminRoutes } from '../modules/admin/routes';
import { accountRoutes } from '../modules/auth/account-routes';
import { authRoutes } from '../modules/auth/routes';
import { devOutboxRoutes } from '../modules/messaging/routes';
import { uploadRoutes } from '../modules/uploads/routes';
import { UploadSweeper } from '../modules/uploads/sweeper';
import { securityRoutes } from '../modules/users/security-routes';
import { protectionRoutes } from '../modules/users/protection-routes';
import { marketRoutes } from '../modules/market/routes';
import { spotRoutes } from '../modules/spot/routes';
import { leverRoutes } from '../modules/lever/routes';
import { attachLeverPushes } from '../realtime/lever-pushes';
import { walletRoutes } from '../modules/wallets/routes';
import { newsRoutes } from '../modules/news/routes';
import { rootSystemRoutes, systemRoutes } from '../modules/system/routes';
import { userRoutes } from '../modules/users/routes';
import { attachGateway, userRoom } from '../realtime/gateway';
import { attachMarketPushes } from '../realtime/market-pushes';
import { attachMicroPushes } from '../realtime/micro-pushes';
import { microRoutes } from '../modules/micro/routes';
import { Core } from '../core/core';
import { CoreRepository } from '../core/repository';
import { MarketMakerRepository } from '../modules/market-makers/repository';
import { MarketMakerSimulator } from '../modules/market-makers/simulator';
import type { RouteDeps } from './deps';
import { depositRoutes } from '../modules/deposits/routes';
import { devChainRoutes } from '../modules/deposits/dev-routes';
import { withdrawalRoutes } from '../modules/withdrawals/routes';
import { c2cRoutes } from '../modules/c2c/routes';
import { attachC2cPushes } from '../realtime/c2c-pushes';
import { upstartRoutes } from '../modules/upstart/routes';
import { acceptorRoutes } from '../modules/acceptors/routes';
import { notificationRoutes } from '../modules/notifications/routes';
import { paymentRoutes } from '../modules/payments/routes';
import { liabilityRoutes } from '../modules/liabilities/routes';
import { devPaymentGatewayRoutes } from '../modules/payments/dev-gateway-routes';
import { createServices, type Services } from './services';
import { Metrics } from './metrics';
import { connectNats, followCore, remoteCore, serveCore } from '../cluster/nats';
import { connectRedis, type RedisLinks } from '../cluster/redis';
import { sharedRateLimitStore } from '../cluster/shared-rate-limit';
import { AddressAllowList } from '../modules/admin/address-allow-list';
import { registerWebApp } from './web-app';
import { recordRoutes, type RegisteredRoute } from './route-list';
// index prices (issue 23)
import { indexPriceRoutes } from '../modules/index-prices/routes';
import { devIndexRoutes } from '../modules/index-prices/dev-routes';
// trading bots (issue 28)
import { apiKeyRoutes } from '../modules/api-keys/routes';
import { SignedRequestChecker } from '../modules/api-v1/authenticate';
import { apiV1Routes } from '../modules/api-v1/routes';
import { attachBotStream } from '../realtime/bot-stream';

export interface AppOptions {
  config: Config;
  db: Database;
  clock?: Clock;
  /**
   * Called once the core has failed (after the fatal line is logged): the server then refuses
   * every money command and reports 503 at /api/health. `main` ends the process (crash-only).
   */
  onCoreFailure?: (log: FastifyBaseLogger) => void;
}

export interface App {
  http: FastifyInstance;
  core: Core;
  io: SocketServer;
  services: Services;
  /** Every route of `http`, filled while the app is built. */
  routes: readonly RegisteredRoute[];
  metrics: Metrics;
}

/** Builds the whole server (HTTP API, docs, web app, socket gateway) without listening. */
export async function buildApp({ config, db, clock = systemClock, onCoreFailure }: AppOptions): Promise<App> {
  const http = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: config.BODY_LIMIT_BYTES,
    ...bodyTimeoutOptions(config.BODY_TIMEOUT_MS),
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  const routes = recordRoutes(http);
  http.setValidatorCompiler(validatorCompiler);
  http.setSerializerCompiler(serializerCompiler);
  installErrorHandler(http);
  installMessageLanguage(http);
  // Idempotency-Key on every call of a known caller that changes something (issue 25)
  installIdempotency(http, new IdempotencyRepository(db));
  const metrics = new Metrics(config.ROLE);
  metrics.watchHttp(http);
  // the operators' allow-list reads the metrics too; without one, only this machine does
  metrics.route(http, AddressAllowList.parse(config.ADMIN_ALLOWED_IPS ?? '127.0.0.1,::1'));

  // a gateway writes no money: it holds a read copy of the core and sends commands over NATS
  const gateway = config.ROLE === 'gateway';
  const nats = config.NATS_URL && config.ROLE !== 'all' ? await connectNats(config.NATS_URL, `tessera-${config.ROLE}`) : undefined;
  if (config.ROLE !== 'all' && !nats) throw new Error(`ROLE=${config.ROLE} needs NATS_URL`);
  const redis: RedisLinks | undefined = config.REDIS_URL
    ? await connectRedis(config.REDIS_URL, config.CLUSTER_NAME, (error) => http.log.warn({ err: error }, 'Redis connection error'))
    : undefined;
  // the rate limits every gateway shares, counted per process while Redis does not answer
  const sharedLimits = (name: string) =>
    redis
      ? {
          store: sharedRateLimitStore(redis.limits, `${redis.prefix}${name}-`, (state, error) =>
            state === 'local' ? http.log.warn({ err: error }, `rate limits (${name}) counted per process: Redis does not answer`) : http.log.info(`rate limits (${name}) counted in Redis again`),
          ),
        }
      : {};
  if (!gateway) await db.claimWriter();
  const core = new Core(
    new CoreRepository(db),
    (error) => http.log.error({ err: error }, 'core fault'),
    clock,
    (error) => {
      http.log.fatal({ err: error }, 'the core failed: a batch write and the reload after it failed; every command is refused until a restart');
      onCoreFailure?.(http.log);
    },
  );
  let following: Awaited<ReturnType<typeof followCore>> | undefined;
  if (gateway && nats) {
    // the copy replays the core's durable batches, so its events reach this process's consumers as in one process
    following = await followCore(nats, core, config.CLUSTER_NAME, remoteCore(nats, config.CLUSTER_NAME, config.COMMAND_PATIENCE_MS), (error) => http.log.warn({ err: error }, 'core copy fault (it reloads)'));
  } else {
    // a lost writer lock: another process may write now; this core takes nothing more
    db.onWriterLost?.((error) => core.loseWriter(error));
    await core.start();
    if (nats) serveCore(nats, core, config.CLUSTER_NAME);
  }
  metrics.watchCore(core);
  const services = createServices(db, config, clock, core, following ? following.reach : () => core.state);
  if (!gateway) {
    await services.demoFunds?.grantOnce();
    if (config.DEMO_FUNDS) await services.micro.grantDemoHouse();
    await services.demoFunds?.fundLeverCounterparties();
  }
  await services.market.start((error) => http.log.error({ err: error }, 'market data fault'));
  await http.register(formbody);
  await http.register(cookie);
  installSecurityHeaders(http);
  await http.register(swagger, {
    openapi: {
      info: {
        title: 'Tessera API',
        version: '1.0.0',
        description:
          'Every reply is HTTP 200 with `{type, message}`: `ok`, `error` (message is a catalogue key), `999` not logged in. Bodies may be form-urlencoded or JSON. Send the token as `Authorization: <token>` or `Bearer <token>`.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  // the reference names every route, the development ones too: production serves it only when asked
  if (config.API_DOCS) await http.register(swaggerUi, { routePrefix: '/api/docs' });

  const deps: RouteDeps = {
    services,
    requireUser: requireUser(services.auth),
    cookies: sessionCookies({ production: config.NODE_ENV === 'production', sessionTtlHours: config.SESSION_TTL_HOURS }),
  };
  await http.register(
    async (api) => {
      await api.register(rateLimit, { max: config.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute', ...sharedLimits('api') });
      // a POST with no body at all means "no fields", as it does for old clients
      api.addHook('preValidation', async (request) => {
        if (request.method === 'POST' && (request.body === undefined || request.body === null)) request.body = {};
      });
      const modules = [
        systemRoutes,
        authRoutes,
        accountRoutes,
        userRoutes,
        securityRoutes,
        // account protection (issue 27): authenticator, allow-list, sessions, lock codes
        protectionRoutes,
        uploadRoutes,
        newsRoutes,
        marketRoutes,
        spotRoutes,
        leverRoutes,
        walletRoutes,
        depositRoutes,
        withdrawalRoutes,
        c2cRoutes,
        microRoutes,
        upstartRoutes,
        acceptorRoutes,
        notificationRoutes,
        indexPriceRoutes,
        liabilityRoutes,
        apiKeyRoutes,
      ];
      if (config.NODE_ENV !== 'production') modules.push(devOutboxRoutes, devChainRoutes, devPaymentGatewayRoutes, devIndexRoutes);
      for (const routes of modules) await api.register(routes, deps);
      await api.register(paymentRoutes, { ...deps, urls: config });
    },
    { prefix: '/api' },
  );
  // trading bots (issue 28): the signed API v1 in a plugin of its own (raw JSON bodies for the
  // signature, HTTP statuses, a rate limit per key), its websocket stream beside socket.io
  const signedRequests = new SignedRequestChecker(services.apiKeyDirectory, services.signedRequests, clock);
  await http.register(apiV1Routes, { prefix: '/api/v1', services, checker: signedRequests, requestsPerMinute: config.API_V1_REQUESTS_PER_MINUTE, limits: sharedLimits('v1') });
  services.bookDiffs.start();
  const botStream = attachBotStream(http.server, {
    core,
    market: services.market,
    v1: services.apiV1,
    checker: signedRequests,
    allowedOrigins: config.SOCKET_ORIGINS,
    clientAddress: (request) => clientAddressOf(request, config.TRUST_PROXY),
  });
  http.addHook('onClose', async () => {
    botStream.stop();
    services.bookDiffs.stop();
    services.signedRequests.stop();
  });
  await http.register(
    async (admin) => {
      await admin.register(rateLimit, { max: config.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute', ...sharedLimits('admin') });
      await admin.register(adminRoutes, deps);
    },
    { prefix: '/admin/api' },
  );
  await http.register(async (root) => {
    await root.register(rateLimit, { max: config.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' });
    await root.register(rootSystemRoutes, deps);
  });
  await registerWebApp(http, config);

  const io = attachGateway(http.server, services.auth, config.SOCKET_ORIGINS, redis?.adapter());
  metrics.watchSockets(io);
  services.chainLag.observe = (seconds) => metrics.chainReported(seconds);
  // the pushes of the core's durable events go to this process's own sockets only (`io.local`):
  // a gateway derives them from its copy's events, so each socket gets each push once, from the
  // gateway that holds it; the core's process holds no sockets and pushes none of them
  const pushes = config.ROLE !== 'core';
  const marketPushes = pushes ? attachMarketPushes(io, services.market, services.marketPushPayloads) : undefined;
  if (pushes) attachC2cPushes(io, core);
  const microPushes = pushes ? attachMicroPushes(io, core, services.micro, (error) => http.log.error({ err: error }, 'second-contract push fault')) : undefined;
  const leverPushes = pushes ? attachLeverPushes(io, core, services.lever, (error) => http.log.error({ err: error }, 'lever push fault')) : undefined;
  if (pushes) {
    core.events.on('balances', (userIds) => {
      // socket.io encodes a packet before it looks for the room's sockets: skip users not connected here
      const rooms = io.sockets.adapter.rooms;
      for (const userId of userIds) {
        const room = userRoom(userId);
        if (rooms.has(room)) io.local.to(room).emit('update_balance', { type: 'update_balance', user_id: userId });
      }
    });
  }
  services.notifications.reportFaultsTo((error) => http.log.error({ err: error }, 'notification fault'));
  services.securityNotices.reportFaultsTo((error) => http.log.error({ err: error }, 'security message fault'));
  services.notifications.created.on('created', (notice) => {
    io.to(userRoom(notice.userId)).emit('notification', { type: 'notification', user_id: notice.userId, id: notice.id, kind: notice.kind, unread: notice.unread });
  });
  const makers = config.MARKET_MAKERS && !gateway
    ? new MarketMakerSimulator(
        core,
        new MarketMakerRepository(db),
        {
          seed: config.MARKET_MAKER_SEED,
          intervalMs: config.MARKET_MAKER_INTERVAL_MS,
          levels: 5,
          accounts: config.MARKET_MAKER_ACCOUNTS,
          switches: services.makerSwitches,
          referencePrices: services.referencePrices,
        },
        (error) => http.log.error({ err: error }, 'market maker fault'),
      )
    : undefined;
  // index prices (issue 23): the first round is durable before the server answers
  await services.referencePrices.load(new MarketMakerRepository(db), core.read);
  services.indexFeed.reportFaultsTo((error) => http.log.warn({ err: error }, 'index source fault'));
  // the index feed, the makers, the liabilities builder, the chain watchers and the upload sweep run where the core runs
  if (!gateway) {
    await services.indexFeed.start();
    await makers?.start();
    services.liabilityBuilder.reportFaultsTo((error) => http.log.error({ err: error }, 'proof-of-liabilities build fault'));
    services.liabilityBuilder.start(core.events);
    services.chainWatchers.reportTo({
      fault: (error) => http.log.warn({ err: error }, 'chain watcher fault (retried with backoff)'),
      warn: (message, detail) => http.log.warn(detail, message),
    });
    services.chainWatchers.start();
  }
  const uploadSweeper = new UploadSweeper(services.uploads, clock, (error) => http.log.error({ err: error }, 'upload sweep fault'));
  if (!gateway) uploadSweeper.start();
  http.addHook('onClose', async () => {
    uploadSweeper.stop();
    makers?.stop();
    services.indexFeed.stop();
    await services.chainWatchers.stop();
    following?.stop();
    await core.stop();
    await services.liabilityBuilder.close();
    marketPushes?.stop();
    microPushes?.stop();
    leverPushes?.stop();
    await services.market.stop();
    await io.close();
    await nats?.drain();
    await redis?.close();
  });
  return { http, io, services, core, routes, metrics };
}
