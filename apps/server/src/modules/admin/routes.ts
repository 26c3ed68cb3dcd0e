import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { c2cOperatorRoutes } from '../c2c/operator-routes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_INTEGER_ID } from '@tessera/protocol';
import { tokenOf } from '../../http/authenticate';
import { Refusal } from '../../core/refusal';
import type { RouteDeps } from '../../app/deps';
import { WALLETS } from '../../core/wallets';
import { microOperatorRoutes } from '../micro/operator-routes';
import { riskOperatorRoutes } from '../risk/operator-routes';
import { operatorMoneyRoutes } from './money-routes';
import { operatorLeverRoutes } from './lever-routes';
import { LoginWait } from './operator-auth-service';
import { backOfficeRoutes } from './back-office-routes';
import { MAY, type OperatorRole } from './roles';
import { operatorSessionRoutes } from './session-routes';
import { upstartOperatorRoutes } from '../upstart/operator-routes';
import { acceptorOperatorRoutes } from '../acceptors/operator-routes';
import { liabilityOperatorRoutes } from '../liabilities/operator-routes';

declare module 'fastify' {
  interface FastifyRequest {
    operatorId?: number;
    operatorRole?: OperatorRole;
  }
}

const STATUS_OF: Record<string, number> = {
  'wrong account or password': 401,
  'operator login required': 401,
  'user not found': 404,
  'submission not found': 404,
  'this id is already verified': 409,
  'currency not found': 404,
  'insufficient balance': 409,
  'data not found': 404,
  'order already handled': 409,
  'too many login attempts, try again later': 429,
  'operator code required': 401,
  'wrong operator code': 401,
  'two-factor enrolment required': 403,
  'two-factor already enabled': 409,
  'two-factor enrolment not started': 409,
  'address not allowed': 403,
  'project not found': 404,
  'operator role not allowed': 403,
  'a second operator must approve': 409,
  'adjustment not found': 404,
  'operator not found': 404,
  'operator already exists': 409,
  'article not found': 404,
  'pair not found': 404,
  'pair has open orders': 409,
  'the last admin cannot be removed': 409,
  'article holds active content': 400,
  // account protection (issue 27)
  'google authenticator not bound': 409,
};

const userParams = z.object({ userId: z.coerce.number().int().positive().max(MAX_INTEGER_ID) });
const ok = z.object({ ok: z.literal(true) });

function operatorOf(request: FastifyRequest): number {
  if (!request.operatorId) throw new Error('operator route without requireOperator');
  return request.operatorId;
}

/**
 * The operator API: plain JSON with HTTP status codes (it has no legacy clients), bearer tokens of
 * operator sessions, which are separate from user sessions. See docs/operations.md.
 */
export const adminRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  app.setErrorHandler((error: Error & { validation?: unknown; statusCode?: number }, request, reply: FastifyReply) => {
    if (error instanceof LoginWait) {
      reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(429).send({ error: error.key, retry_after: error.retryAfterSeconds });
    }
    if (error instanceof Refusal) return reply.status(STATUS_OF[error.key] ?? 400).send({ error: error.key });
    if (error.validation) return reply.status(400).send({ error: 'parameter error' });
    if (error.statusCode && error.statusCode < 500) return reply.status(error.statusCode).send({ error: 'request body is malformed' });
    request.log.error({ err: error }, 'operator API fault');
    return reply.status(500).send({ error: 'server error, please retry later', request_id: request.id });
  });

  // one gate for every operator route, before the body is parsed: the address allow-list
  // (ADMIN_ALLOWED_IPS), then a live session, then the roles the route declares (roles.ts). A
  // route that declares none is refused to everybody.
  app.addHook('onRequest', async (request) => {
    if (!services.adminAddresses.allows(request.ip)) throw new Refusal('address not allowed');
    const config = request.routeOptions.config;
    if (config.operatorPublic) return;
    const token = tokenOf(request);
    const session = token ? await services.operatorAuth.authenticate(token) : undefined;
    if (!session) throw new Refusal('operator login required');
    request.operatorId = session.operatorId;
    request.operatorRole = session.role;
    if (config.anyOperatorSession) return;
    if (session.scope !== 'full') throw new Refusal('two-factor enrolment required');
    if (!config.roles?.includes(session.role)) throw new Refusal('operator role not allowed');
  });
  const tags = ['operator'];
  const may = (roles: readonly OperatorRole[]) => ({ config: { roles } });

  await app.register(operatorSessionRoutes, { services, operatorOf });

  app.get(
    '/kyc',
    {
      ...may(MAY.read),
      schema: {
        tags,
        summary: 'Identity submissions by status: 1 pending, 2 approved, 3 rejected',
        querystring: z.object({ status: z.coerce.number().int().min(1).max(3).default(1) }),
      },
    },
    async (request) => ({ items: await services.admin.identitySubmissions(request.query.status) }),
  );

  app.post('/kyc/:userId/approve', { ...may(MAY.reviewIdentity), schema: { tags, params: userParams, response: { 200: ok } } }, async (request) => {
    await services.admin.approveIdentity(operatorOf(request), request.params.userId);
    return { ok: true as const };
  });

  app.post(
    '/kyc/:userId/reject',
    { ...may(MAY.reviewIdentity), schema: { tags, params: userParams, body: z.object({ reason: z.string().max(200).default('') }).default({ reason: '' }), response: { 200: ok } } },
    async (request) => {
      await services.admin.rejectIdentity(operatorOf(request), request.params.userId, request.body.reason);
      return { ok: true as const };
    },
  );

  app.post(
    '/users/:userId/lock',
    {
      ...may(MAY.manageUsers),
      schema: {
        tags,
        summary: 'Lock an account until a time (indefinitely without one); its sessions end',
        params: userParams,
        body: z.object({ until: z.iso.datetime().optional(), reason: z.string().max(200).default('') }).default({ reason: '' }),
        response: { 200: z.object({ ok: z.literal(true), locked_until: z.string() }) },
      },
    },
    async (request) => {
      const until = request.body.until ? new Date(request.body.until) : undefined;
      const end = await services.admin.lockUser(operatorOf(request), request.params.userId, until, request.body.reason);
      return { ok: true as const, locked_until: end.toISOString() };
    },
  );

  app.post('/users/:userId/unlock', { ...may(MAY.manageUsers), schema: { tags, params: userParams, response: { 200: ok } } }, async (request) => {
    await services.admin.unlockUser(operatorOf(request), request.params.userId);
    return { ok: true as const };
  });

  // account protection (issue 27): a user's sessions, and the reset of a lost authenticator
  app.post(
    '/users/:userId/sessions/end',
    { ...may(MAY.manageUsers), schema: { tags, summary: 'End every session of a user: their sockets close', params: userParams, response: { 200: ok } } },
    async (request) => {
      await services.admin.endSessions(operatorOf(request), request.params.userId);
      return { ok: true as const };
    },
  );

  app.post(
    '/users/:userId/second-factor/reset',
    {
      ...may(MAY.manageUsers),
      schema: {
        tags,
        summary: 'Ask to reset a user’s authenticator: it waits in the approval queue until an admin other than the asker approves',
        params: userParams,
        body: z.object({ reason: z.string().min(1).max(200) }),
        response: { 200: z.object({ ok: z.literal(true), pending_approval: z.int() }) },
      },
    },
    async (request) => ({
      ok: true as const,
      pending_approval: await services.approvals.requestSecondFactorReset(operatorOf(request), request.params.userId, request.body.reason),
    }),
  );

  app.post(
    '/users/:userId/region-agent',
    {
      ...may(MAY.manageUsers),
      schema: {
        tags,
        summary: 'Make a user the agent of a region',
        params: userParams,
        body: z.object({ city_name: z.string().min(1).max(60), district_name: z.string().max(60).default('') }),
        response: { 200: ok },
      },
    },
    async (request) => {
      const region = { cityName: request.body.city_name, districtName: request.body.district_name };
      await services.admin.setRegionAgent(operatorOf(request), request.params.userId, region);
      return { ok: true as const };
    },
  );

  app.delete('/users/:userId/region-agent', { ...may(MAY.manageUsers), schema: { tags, params: userParams, response: { 200: ok } } }, async (request) => {
    await services.admin.setRegionAgent(operatorOf(request), request.params.userId, null);
    return { ok: true as const };
  });

  app.post(
    '/users/:userId/seller',
    { ...may(MAY.manageUsers), schema: { tags, params: userParams, body: z.object({ is_seller: z.boolean() }), response: { 200: ok } } },
    async (request) => {
      await services.admin.setSeller(operatorOf(request), request.params.userId, request.body.is_seller);
      return { ok: true as const };
    },
  );

  app.put(
    '/settings/registration',
    {
      ...may(MAY.administer),
      schema: { tags, summary: 'Whether registration needs an invite code', body: z.object({ invite_code_required: z.boolean() }), response: { 200: ok } },
    },
    async (request) => {
      await services.admin.setInviteCodeRequired(operatorOf(request), request.body.invite_code_required);
      return { ok: true as const };
    },
  );

  app.post(
    '/users/:userId/credit',
    {
      ...may(MAY.moveMoney),
      schema: {
        tags,
        summary: 'An audited manual adjustment through the core: a positive amount credits, a negative one debits',
        params: userParams,
        body: z.object({
          currency_id: z.int().positive(),
          wallet: z.enum(WALLETS),
          amount: z.string().regex(/^-?\d{1,20}(\.\d{1,18})?$/),
          reason: z.string().min(1).max(200),
          idempotency_key: z.string().min(8).max(100).optional(),
        }),
        description: 'A finance operator’s adjustment above the approval threshold (`adjustment_approval_threshold`) waits for a second operator: `applied: false` and `pending_approval` (docs/back-office.md).',
        response: { 200: z.object({ applied: z.boolean(), available: z.string(), locked: z.string(), pending_approval: z.int().optional() }) },
      },
    },
    // four eyes: a finance operator's large adjustment waits for a second operator
    async (request) => services.ledger.credit(operatorOf(request), request.params.userId, request.body, request.operatorRole === 'finance'),
  );

  // running the audit reads every balance and is recorded: admin and finance, as the role table says
  app.get('/audit', { ...may(MAY.moveMoney), schema: { tags, summary: 'Check the ledger invariants now (admin, finance)' } }, async () => services.ledger.audit());

  await app.register(operatorMoneyRoutes, { services, operatorOf });
  await app.register(backOfficeRoutes, { services, operatorOf });
  await app.register(c2cOperatorRoutes, { services, operatorOf });
  await app.register(microOperatorRoutes, { services, operatorOf });
  await app.register(upstartOperatorRoutes, { services, operatorOf });
  await app.register(acceptorOperatorRoutes, { services, operatorOf });
  await app.register(operatorLeverRoutes, { services, operatorOf });
  await app.register(riskOperatorRoutes, { services });
  await app.register(liabilityOperatorRoutes, { services, operatorOf });
};
