import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { table, tableReply } from './back-office-routes';
import type { Services } from '../../app/services';
import { MAY, type OperatorRole } from './roles';
import { MAX_OUTPUT_INDEX } from '../deposits/service';

export interface MoneyRouteOptions {
  services: Services;
  operatorOf: (request: FastifyRequest) => number;
}

const idParams = z.object({ id: z.coerce.number().int().positive() });
const decided = z.object({ applied: z.boolean(), status: z.union([z.int(), z.string()]) });
const ok = z.object({ ok: z.literal(true) });
const note = z.object({ reason: z.string().max(200).default('') }).default({ reason: '' });

/**
 * The operator's review of deposits and withdrawals (docs/operations.md). Every money step is a
 * core command, so a repeated click changes nothing: it answers `applied: false`.
 */
export const operatorMoneyRoutes: FastifyPluginAsyncZod<MoneyRouteOptions> = async (app, { services, operatorOf }) => {
  const tags = ['operator'];

  app.get(
    '/deposits',
    {
      config: { roles: MAY.read },
      schema: {
        tags,
        summary: 'Deposit requests, newest first: status 0 pending, 1 confirmed, 2 rejected or superseded (all without)',
        description: 'Each names its output (`hash`, `output_index`) and on-chain destination (`to_address`); a superseded claim names the chain deposit that replaced it (`superseded_by`).',
        querystring: z.object({ status: z.coerce.number().int().min(0).max(2).optional(), ...table }),
      },
    },
    async (request, reply) => tableReply(reply, request.query, 'deposits', (page) => services.operatorMoney.listDeposits(request.query.status, page)),
  );

  app.post(
    '/deposits/:id/confirm',
    {
      config: { roles: MAY.moveMoney },
      schema: {
        tags,
        summary: 'Credit a deposit to the user’s change wallet, once per output (transaction hash and output index)',
        description: '`output_index` is the output the operator checked on chain (it must pay `to_address`); it must be the request’s. A finance operator’s confirmation whose amount differs from the claim, or whose USDT value with the day’s steps is above the approval threshold, waits for a second operator: `applied: false` and `pending_approval`.',
        params: idParams,
        body: z.object({
          amount: z.string().regex(/^\d{1,20}(\.\d{1,18})?$/).optional(),
          output_index: z.int().min(0).max(MAX_OUTPUT_INDEX),
        }),
        response: { 200: decided.extend({ credited: z.string(), pending_approval: z.int().optional() }) },
      },
    },
    // four eyes: a finance operator's corrected or large confirmation waits for a second operator
    async (request) => services.operatorMoney.confirmDeposit(operatorOf(request), request.params.id, request.body.output_index, request.body.amount, request.operatorRole === 'finance'),
  );

  app.post(
    '/deposits/:id/reject',
    { config: { roles: MAY.reviewMoney }, schema: { tags, params: idParams, body: note, response: { 200: ok } } },
    async (request) => {
      await services.operatorMoney.rejectDeposit(operatorOf(request), request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );

  app.get(
    '/withdrawals',
    {
      config: { roles: MAY.read },
      schema: {
        tags,
        summary: 'Withdrawals, newest first, by state: applying, approved, success, failed, rejected (all without)',
        querystring: z.object({ status: z.enum(['applying', 'approved', 'success', 'failed', 'rejected']).optional(), ...table }),
      },
    },
    async (request, reply) => tableReply(reply, request.query, 'withdrawals', (page) => services.operatorMoney.listWithdrawals(request.query.status, page)),
  );

  const step = (
    path: string,
    decision: 'approve' | 'reject' | 'chain_success' | 'chain_failure',
    roles: readonly OperatorRole[],
    summary: string,
    body: z.ZodType<{ tx_hash?: string; reason?: string }>,
  ) =>
    app.post(
      `/withdrawals/:id/${path}`,
      { config: { roles }, schema: { tags, summary, params: idParams, body, response: { 200: decided } } },
      async (request) => {
        const input = request.body as { tx_hash?: string; reason?: string };
        return services.operatorMoney.reviewWithdrawal(operatorOf(request), request.params.id, decision, { txHash: input.tx_hash, note: input.reason });
      },
    );
  step('approve', 'approve', MAY.reviewMoney, 'Approve an applying withdrawal: it waits for the chain', note);
  step('reject', 'reject', MAY.reviewMoney, 'Reject an applying withdrawal: the frozen amount returns to the user', note);
  step('chain-success', 'chain_success', MAY.moveMoney, 'The transfer is on chain: the frozen amount leaves, the fee goes to the fee account', z.object({ tx_hash: z.string().min(1).max(128) }));
  step('chain-failure', 'chain_failure', MAY.moveMoney, 'The transfer failed on chain: the frozen amount returns to the user', note);

  // account protection (issue 27): the daily withdrawal limit of each identity level, in USDT value
  const levelLimits = z.object({ unverified: z.string().regex(/^\d{1,20}(\.\d{1,18})?$/), verified: z.string().regex(/^\d{1,20}(\.\d{1,18})?$/) });
  app.get(
    '/settings/withdrawal-limits',
    { config: { roles: MAY.read }, schema: { tags, summary: 'The daily withdrawal limit of each identity level, in USDT value (0: none)', response: { 200: levelLimits } } },
    async () => services.withdrawalLimits.get(),
  );
  app.put(
    '/settings/withdrawal-limits',
    {
      config: { roles: MAY.administer },
      schema: {
        tags,
        summary: 'Set the daily withdrawal limit of each identity level in USDT value (0: none); the core checks it at every application',
        body: levelLimits,
        response: { 200: levelLimits },
      },
    },
    async (request) => services.withdrawalLimits.set(operatorOf(request), request.body),
  );

  app.put(
    '/settings/deposits',
    { config: { roles: MAY.administer }, schema: { tags, summary: 'Open or close deposits and withdrawals (`is_open_CTbi`)', body: z.object({ open: z.boolean() }), response: { 200: ok } } },
    async (request) => {
      await services.admin.setDepositsOpen(operatorOf(request), request.body.open);
      return { ok: true as const };
    },
  );
};
