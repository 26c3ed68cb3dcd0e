import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptorInput, MAX_INTEGER_ID } from '@tessera/protocol';
import { z } from 'zod';
import type { OperatorRouteOptions } from '../upstart/operator-routes';

const userParams = z.object({ userId: z.coerce.number().int().positive().max(MAX_INTEGER_ID) });

/** Operators appoint acceptors and set their payment accounts, rates and limits (docs/acceptors.md). */
export const acceptorOperatorRoutes: FastifyPluginAsyncZod<OperatorRouteOptions> = async (app, { services, requireOperator, operatorOf }) => {
  app.addHook('onRequest', requireOperator);
  const tags = ['operator'];

  app.get('/acceptors', { schema: { tags, summary: 'Every acceptor, active or not' } }, async () => ({ items: await services.acceptors.forOperator() }));

  app.put(
    '/users/:userId/acceptor',
    {
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
      await services.acceptors.appoint(
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
      await services.operatorLog.recordAction(operatorOf(request), 'acceptor.appoint', userId, { active: body.active, recharge_rate: body.recharge_rate, cash_rate: body.cash_rate });
      return { ok: true as const };
    },
  );
};
