import { OPERATOR_PASSWORD } from '../../production-safety';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LANGS, MAX_INTEGER_ID } from '@tessera/protocol';
import type { Services } from '../../app/services';
import { toCsv } from '../../lib/csv';
import { pageRequest, paged, type PageRequest } from '../../lib/paging';
import { MAY, OPERATOR_ROLES } from './roles';

export interface BackOfficeRouteOptions {
  services: Services;
  operatorOf: (request: FastifyRequest) => number;
}

/** The most rows one CSV export holds. */
export const CSV_MAX_ROWS = 10_000;

const id = z.coerce.number().int().positive().max(MAX_INTEGER_ID);
const userParams = z.object({ userId: id });
const idParams = z.object({ id });
const keyParams = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/) });
const ok = z.object({ ok: z.literal(true) });
/** server-side paging of every table, and `format=csv` for the whole filtered set */
export const table = {
  page: z.coerce.number().int().positive().max(1_000_000).optional(),
  limit: z.coerce.number().int().positive().max(100).optional(),
  format: z.enum(['json', 'csv']).default('json'),
};
const fee = z.string().regex(/^0(\.\d{1,6})?$/);
const translation = z.object({ title: z.string().min(1).max(200), abstract: z.string().max(500).default(''), content: z.string().max(100_000).default('') });
const article = z.object({
  c_id: z.int().positive().max(MAX_INTEGER_ID),
  sort: z.int().min(0).max(1_000_000).default(0),
  thumbnail: z.string().max(300).default(''),
  translations: z.partialRecord(z.enum(LANGS), translation),
});

/** One page as JSON, or with `format=csv` every row of the filter (up to CSV_MAX_ROWS) as a download. */
export async function tableReply<Row extends Record<string, unknown>>(
  reply: FastifyReply,
  query: { page?: number; limit?: number; format: 'json' | 'csv' },
  name: string,
  fetch: (page: PageRequest) => Promise<{ total: number; list: Row[] }>,
) {
  if (query.format === 'csv') {
    const { list } = await fetch({ page: 1, limit: CSV_MAX_ROWS, offset: 0 });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.csv"`)
      .send(toCsv(list));
  }
  const page = pageRequest(query.page, query.limit, 20);
  const { list, total } = await fetch(page);
  return paged(list, total, page);
}

/**
 * The back office's reads and the actions the older operator routes did not cover: dashboard,
 * users, operators and roles, the operator log, approvals of large adjustments, content, markets.
 */
export const backOfficeRoutes: FastifyPluginAsyncZod<BackOfficeRouteOptions> = async (app, { services, operatorOf }) => {
  const tags = ['operator'];
  const may = (roles: readonly (typeof OPERATOR_ROLES)[number][]) => ({ config: { roles } });

  app.get('/me', { ...may(MAY.read), schema: { tags, summary: 'The operator of this session: e-mail, role, when the session ends' } }, async (request) =>
    services.operatorAdmin.me(operatorOf(request)),
  );

  app.get(
    '/dashboard',
    { ...may(MAY.read), schema: { tags, summary: 'Queue counts, 24 h volume and fees per pair, the platform accounts, the last ledger audit, the chain watchers’ lag' } },
    async () => ({ ...(await services.backOffice.dashboard()), watchers: services.chainWatchers.statuses() }),
  );

  app.post('/audit/run', { ...may(MAY.moveMoney), schema: { tags, summary: 'Run the ledger audit now and keep its result for the dashboard' } }, async (request) =>
    services.ledger.audit(operatorOf(request)),
  );

  // users
  app.get(
    '/users',
    { ...may(MAY.read), schema: { tags, summary: 'Users by id, e-mail, phone or account (all without `q`), newest first', querystring: z.object({ q: z.string().max(120).default(''), ...table }) } },
    async (request, reply) => tableReply(reply, request.query, 'users', (page) => services.backOffice.searchUsers(request.query.q, page)),
  );

  app.get('/users/:userId', { ...may(MAY.read), schema: { tags, summary: 'A user: profile, balances, sessions and devices, address book', params: userParams } }, async (request) =>
    services.backOffice.user(request.params.userId),
  );

  app.get(
    '/users/:userId/ledger',
    { ...may(MAY.read), schema: { tags, summary: 'A user’s ledger entries, newest first', params: userParams, querystring: z.object(table) } },
    async (request, reply) => tableReply(reply, request.query, `ledger-${request.params.userId}`, (page) => services.backOffice.ledgerEntries(request.params.userId, page)),
  );

  app.get(
    '/users/:userId/orders',
    { ...may(MAY.read), schema: { tags, summary: 'A user’s spot orders, newest first', params: userParams, querystring: z.object(table) } },
    async (request, reply) => tableReply(reply, request.query, `orders-${request.params.userId}`, (page) => services.backOffice.orders(request.params.userId, page)),
  );

  app.get(
    '/users/:userId/positions',
    { ...may(MAY.read), schema: { tags, summary: 'A user’s lever orders and positions, newest first', params: userParams, querystring: z.object(table) } },
    async (request, reply) => tableReply(reply, request.query, `positions-${request.params.userId}`, (page) => services.backOffice.positions(request.params.userId, page)),
  );

  app.get(
    '/users/:userId/contracts',
    { ...may(MAY.read), schema: { tags, summary: 'A user’s second contracts with their outcome, newest first', params: userParams, querystring: z.object(table) } },
    async (request, reply) => tableReply(reply, request.query, `contracts-${request.params.userId}`, (page) => services.backOffice.contracts(request.params.userId, page)),
  );

  // the operator log
  app.get(
    '/operator-log',
    {
      ...may(MAY.administer),
      schema: {
        tags,
        summary: 'Every operator action, newest first: who, what, when, before and after',
        querystring: z.object({
          operator_id: id.optional(),
          user_id: id.optional(),
          action: z.string().max(60).optional(),
          target: z.string().max(80).optional(),
          ...table,
        }),
      },
    },
    async (request, reply) => {
      const { operator_id: operatorId, user_id: userId, action, target } = request.query;
      return tableReply(reply, request.query, 'operator-log', (page) => services.backOffice.log({ operatorId, userId, action, target }, page));
    },
  );

  // operators and roles
  app.get('/operators', { ...may(MAY.administer), schema: { tags, summary: 'Operators and their roles' } }, async () => ({ list: await services.operatorAdmin.list() }));

  app.post(
    '/operators',
    {
      ...may(MAY.administer),
      schema: {
        tags,
        summary: 'Add an operator with a role; they enrol TOTP at their first login',
        body: z.object({ email: z.email().max(120), password: z.string().min(OPERATOR_PASSWORD.min).max(OPERATOR_PASSWORD.max), role: z.enum(OPERATOR_ROLES) }),
        response: { 200: z.object({ id: z.int() }) },
      },
    },
    async (request) => services.operatorAdmin.create(operatorOf(request), request.body),
  );

  app.put(
    '/operators/:id',
    {
      ...may(MAY.administer),
      schema: {
        tags,
        summary: 'Change an operator’s role, or disable them (their sessions end)',
        params: idParams,
        body: z.object({ role: z.enum(OPERATOR_ROLES).optional(), disabled: z.boolean().optional() }),
        response: { 200: ok },
      },
    },
    async (request) => {
      await services.operatorAdmin.update(operatorOf(request), request.params.id, request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/operators/:id/reset-totp',
    { ...may(MAY.administer), schema: { tags, summary: 'Turn an operator’s second factor off (lost device): their sessions end, they enrol again', params: idParams, response: { 200: ok } } },
    async (request) => {
      await services.operatorAdmin.resetTotp(operatorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  // manual adjustments waiting for a second operator
  app.get(
    '/adjustments',
    {
      ...may(MAY.moveMoney),
      schema: { tags, summary: 'Requests waiting for a second operator (manual adjustments above the threshold, 2FA resets), by status', querystring: z.object({ status: z.enum(['pending', 'approved', 'rejected']).optional(), ...table }) },
    },
    async (request, reply) =>
      tableReply(reply, request.query, 'adjustments', async (page) => {
        const rows = await services.ledger.listAdjustments(request.query.status, page.limit, page.offset);
        return { total: rows[0]?.total ?? 0, list: rows.map(({ total: _total, ...row }) => row) };
      }),
  );

  app.post(
    '/adjustments/:id/approve',
    {
      ...may(MAY.moveMoney),
      schema: {
        tags,
        summary: 'A second operator approves a request: an adjustment goes through the core once; a 2FA reset (admins only) removes the user’s authenticator',
        params: idParams,
        response: { 200: z.object({ applied: z.boolean(), available: z.string().optional(), locked: z.string().optional() }) },
      },
    },
    async (request) => services.approvals.approve(operatorOf(request), request.operatorRole ?? 'reviewer', request.params.id),
  );

  app.post('/adjustments/:id/reject', { ...may(MAY.moveMoney), schema: { tags, params: idParams, response: { 200: ok } } }, async (request) => {
    await services.approvals.reject(operatorOf(request), request.params.id);
    return { ok: true as const };
  });

  app.get('/settings/adjustment-approval', { ...may(MAY.moveMoney), schema: { tags, summary: 'The approval threshold of manual adjustments' } }, async () => ({
    threshold: (await services.ledger.approvalThresholdText()),
  }));

  app.put(
    '/settings/adjustment-approval',
    {
      ...may(MAY.administer),
      schema: { tags, summary: 'The two-operator threshold, a USDT value: a finance operator’s adjustment or deposit confirmation whose value, with the day’s steps by the same operator or to the same user, is above it waits for a second operator', body: z.object({ threshold: z.string().regex(/^\d{1,20}(\.\d{1,18})?$/) }), response: { 200: ok } },
    },
    async (request) => {
      await services.ledger.setApprovalThreshold(operatorOf(request), request.body.threshold);
      return { ok: true as const };
    },
  );

  // content
  app.get('/content/categories', { ...may(MAY.editContent), schema: { tags, summary: 'News categories: banners, notices, help, agreements…' } }, async () => ({
    list: await services.content.categories(),
  }));

  app.get(
    '/content/articles',
    {
      ...may(MAY.editContent),
      schema: { tags, summary: 'Articles, one per key, drafts included', querystring: z.object({ c_id: id.optional(), q: z.string().max(120).optional(), ...table }) },
    },
    async (request, reply) => tableReply(reply, request.query, 'articles', (page) => services.content.list({ cId: request.query.c_id, query: request.query.q }, page)),
  );

  app.get('/content/articles/:key', { ...may(MAY.editContent), schema: { tags, summary: 'An article in every language it has', params: keyParams } }, async (request) =>
    services.content.article(request.params.key),
  );

  app.post(
    '/content/articles',
    { ...may(MAY.editContent), schema: { tags, summary: 'A new article, as a draft (English required)', body: article, response: { 200: z.object({ article_key: z.string() }) } } },
    async (request) => services.content.create(operatorOf(request), request.body),
  );

  app.put('/content/articles/:key', { ...may(MAY.editContent), schema: { tags, summary: 'Change an article', params: keyParams, body: article, response: { 200: ok } } }, async (request) => {
    await services.content.update(operatorOf(request), request.params.key, request.body);
    return { ok: true as const };
  });

  app.post(
    '/content/articles/:key/publish',
    { ...may(MAY.editContent), schema: { tags, summary: 'Put an article on the site (every language), or take it off', params: keyParams, body: z.object({ published: z.boolean() }), response: { 200: ok } } },
    async (request) => {
      await services.content.publish(operatorOf(request), request.params.key, request.body.published);
      return { ok: true as const };
    },
  );

  app.delete('/content/articles/:key', { ...may(MAY.editContent), schema: { tags, params: keyParams, response: { 200: ok } } }, async (request) => {
    await services.content.remove(operatorOf(request), request.params.key);
    return { ok: true as const };
  });

  // markets
  app.get('/markets/pairs', { ...may(MAY.read), schema: { tags, summary: 'Trading pairs: enabled, precision, fees, market makers' } }, async () => ({
    list: await services.markets.pairs(),
  }));

  app.put(
    '/markets/pairs/:id',
    {
      ...may(MAY.administer),
      schema: {
        tags,
        summary: 'Change a pair, at once: enabled, precisions (only while its book holds no order: 409 otherwise), fees, the market makers',
        params: idParams,
        body: z.object({
          is_display: z.boolean().optional(),
          market_maker: z.boolean().optional(),
          price_precision: z.int().min(0).max(12).optional(),
          quantity_precision: z.int().min(0).max(12).optional(),
          maker_fee: fee.optional(),
          taker_fee: fee.optional(),
        }),
        response: { 200: ok },
      },
    },
    async (request) => {
      await services.markets.update(operatorOf(request), request.params.id, request.body);
      return { ok: true as const };
    },
  );

  // a user's saved withdrawal addresses, for the withdrawal review
  app.get('/users/:userId/addresses', { ...may(MAY.read), schema: { tags, summary: 'A user’s withdrawal address book', params: userParams } }, async (request) => ({
    list: await services.addressBook.list(request.params.userId, undefined),
  }));
};
