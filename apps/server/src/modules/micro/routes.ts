import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cacheBusting, microListQuery, microOrderPage, microPayableCurrency, microSecondsOption, microSubmitBody, replySchema } from '@tessera/protocol';
import { z } from 'zod';
import { currentUser, optionalUser } from '../../http/authenticate';
import { pageRequest } from '../../lib/paging';
import type { RouteDeps } from '../../app/deps';

/** Second contracts have 20 rows a page. */
const PAGE_SIZE = 20;

/** Second contracts: the terms for everyone, contracts for their owner. */
export const microRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  await app.register(publicMicroRoutes, deps);
  await app.register(privateMicroRoutes, deps);
};

const publicMicroRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  const tags = ['second contracts'];
  app.get(
    '/microtrade/payable_currencies',
    {
      preHandler: optionalUser(services.auth),
      schema: {
        tags,
        summary: 'Currencies contracts may be staked in, their quick stakes, fee and limits, and the caller’s micro balance (visitors: null)',
        description: 'Insurance is not offered: `insurance_types` is empty, `user_insurance` null, the insured amounts 0.',
        querystring: z.object(cacheBusting),
        response: { 200: replySchema(z.array(microPayableCurrency)) },
      },
    },
    async (request) => ({ type: 'ok' as const, message: await services.micro.payableCurrencies(request.user?.id) }),
  );

  app.get(
    '/microtrade/seconds',
    {
      schema: {
        tags,
        summary: 'The contract durations offered and what a win pays (percent of the stake)',
        querystring: z.object(cacheBusting),
        response: { 200: replySchema(z.array(microSecondsOption)) },
      },
    },
    async () => ({ type: 'ok' as const, message: await services.micro.seconds() }),
  );
};

const privateMicroRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, requireUser }) => {
  app.addHook('onRequest', requireUser);
  const tags = ['second contracts'];

  app.post(
    '/microtrade/submit',
    {
      schema: {
        tags,
        summary: 'Open a contract: up (1) or down (2) after `seconds`, staking `number` of `currency_id` from the micro wallet',
        description:
          'It opens at the pair’s mark price and ends at the pair’s last trade at or before its expiry: up wins above the open price, down below, a tie returns the stake. A win pays number × profit_ratio ÷ 100 on top of the stake. The fee is charged at the opening and kept whatever the result.',
        body: microSubmitBody,
        response: { 200: z.union([z.object({ type: z.literal('ok'), message: z.string(), id: z.int() }), replySchema(z.string())]) },
      },
    },
    async (request) => {
      const id = await services.micro.submit(currentUser(request).id, request.body);
      return { type: 'ok' as const, message: 'contract placed', id };
    },
  );

  app.get(
    '/microtrade/lists',
    {
      schema: {
        tags,
        summary: 'The caller’s contracts, newest first: status 1 running (with remain_milli_seconds), 3 closed',
        querystring: microListQuery,
        response: { 200: replySchema(microOrderPage) },
      },
    },
    async (request) => ({
      type: 'ok' as const,
      message: await services.micro.lists(
        currentUser(request).id,
        request.query.status ?? 1,
        request.query.match_id,
        pageRequest(request.query.page, request.query.limit, PAGE_SIZE),
      ),
    }),
  );
};
