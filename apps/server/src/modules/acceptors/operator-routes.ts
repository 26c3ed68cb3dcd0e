import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptorInput, MAX_INTEGER_ID } from '@tessera/protocol';
import { z } from 'zod';
import { table, tableReply } from '../admin/back-office-routes';
import { MAY } from '../admin/roles';
import type { OperatorRouteOptions } from '../upstart/operator-routes';

const id = z.coerce.number().int().positive().max(MAX_INTEGER_ID);
const userParams = z.object({ userId: id });

/** Operators appoint acceptors and set their payment accounts, rates and limits (docs/acceptors.md). */
export const acceptorOperatorRoutes: FastifyPluginAsyncZod<OperatorRouteOptions> = async (app, { services, operatorOf }) => {
  const tags = ['operator'];

  app.get(
    '/acceptors',
    {
      config: { roles: MAY.read },
      schema: {
        tags,
        summary: 'Acceptors by user id, active or not; filters: part of the name or account, or the user id (`q`), `state` active or retired; paged, CSV',
        querystring: z.object({ ...table, q: z.string().trim().max(100).default(''), state: z.enum(['active', 'retired', '']).default('') }),
      },
    },
    async (request, reply) => {
      const { q, state } = request.query;
      const filter = { q: q || undefined, active: state === '' ? undefined : state === 'active' };
      return tableReply(reply, request.query, 'acceptors', (page) => services.acceptors.forOperator(filter, page));
    },
  );

  app.get(
    '/acceptors/deals',
    {
      config: { roles: MAY.read },
      schema: {
        tags,
        summary: 'Every acceptor deal, newest first; filters: the acceptor, the user, `state` (0 open, 1 confirmed, 2 rejected, 3 paid), `type` buy or sell; paged, CSV',
        querystring: z.object({
          ...table,
          acceptor_id: id.optional(),
          user_id: id.optional(),
          state: z.enum(['0', '1', '2', '3', '']).default(''),
          type: z.enum(['buy', 'sell', '']).default(''),
        }),
      },
    },
    async (request, reply) => {
      const { acceptor_id: acceptorId, user_id: userId, state, type } = request.query;
      const filter = { acceptorId, userId, isSure: state === '' ? undefined : Number(state), type: type || undefined };
      return tableReply(reply, request.query, 'acceptor-deals', (page) => services.acceptors.dealsForOperator(filter, page));
    },
  );

  app.get(
    '/acceptors/disputes',
    {
      config: { roles: MAY.read },
      schema: { tags, summary: 'Sell deals whose user disputed the acceptor’s "paid", waiting for a ruling, newest first; paged, CSV', querystring: z.object({ ...table }) },
    },
    async (request, reply) => tableReply(reply, request.query, 'acceptor-disputes', (page) => services.acceptors.dealsForOperator({ disputed: true }, page)),
  );

  app.post(
    '/acceptors/deals/:id/rule',
    {
      config: { roles: MAY.moveMoney },
      schema: {
        tags,
        summary: 'Rule on a disputed deal: release the escrowed coins to the acceptor, or return them to the user; logged before and after',
        params: z.object({ id }),
        body: z.object({ outcome: z.enum(['release', 'return']), note: z.string().max(200).default('') }),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const { before, after } = await services.acceptors.rule(operatorOf(request), request.params.id, request.body.outcome);
      await services.operatorLog.log(operatorOf(request), {
        action: `acceptor.deal.${request.body.outcome}`,
        target: `acceptor_deal:${request.params.id}`,
        before,
        after: after && { ...after, note: request.body.note },
      });
      return { ok: true as const };
    },
  );

  app.put(
    '/users/:userId/acceptor',
    {
      config: { roles: MAY.manageUsers },
      schema: {
        tags,
        summary: 'Appoint a user as an acceptor, or change their accounts, rates (percent) and limits (coins, 0 none); active false retires them',
        params: userParams,
        body: acceptorInput,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const body = request.body;
      const { before, after } = await services.acceptors.appoint(
        userId,
        {
          name: body.name,
          currencyId: body.currency_id,
          wechatNickname: body.wechat_nickname,
          wechatAccount: body.wechat_account,
          aliNickname: body.ali_nickname,
          aliAccount: body.ali_account,
          bankName: body.bank_name,
          bankAccount: body.bank_account,
          bankAddress: body.bank_address,
          rechargeRate: body.recharge_rate,
          cashRate: body.cash_rate,
          rechargeAmount: body.recharge_amount,
          cashAmount: body.cash_amount,
          active: body.active,
        },
      );
      await services.operatorLog.log(operatorOf(request), { action: 'acceptor.appoint', target: `user:${userId}`, userId, before, after });
      return { ok: true as const };
    },
  );
};
