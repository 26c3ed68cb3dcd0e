import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chargeRequestBody,
  companyAddresses,
  companyAddressQuery,
  depositAddressBody,
  depositAddresses,
  depositRecordPage,
  recordListBody,
  replySchema,
} from '@tessera/protocol';
import { z } from 'zod';
import { currentUser } from '../../http/authenticate';
import { pageRequest } from '../../lib/paging';
import type { RouteDeps } from '../../app/deps';

/** Deposits: addresses, manual requests, records. All private. */
export const depositRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, requireUser }) => {
  app.addHook('onRequest', requireUser);
  const tags = ['deposits'];
  const addressSchema = {
    tags,
    summary: 'The caller’s deposit addresses (derived per user)',
    body: depositAddressBody,
    response: { 200: replySchema(depositAddresses) },
  };
  const addresses = async (request: { body: z.infer<typeof depositAddressBody> } & Parameters<typeof currentUser>[0]) => ({
    type: 'ok' as const,
    message: await services.deposits.depositAddresses(currentUser(request).id, request.body.currency),
  });
  app.post('/wallet/get_in_address', { schema: addressSchema }, addresses);
  app.post('/wallet/get_in_addresss', { schema: { ...addressSchema, summary: 'The same, with `lang` (the spelling old clients use)' } }, addresses);

  app.get(
    '/money/rechange',
    { schema: { tags, summary: 'The company’s addresses for manual deposits', querystring: companyAddressQuery, response: { 200: replySchema(companyAddresses) } } },
    async () => ({ type: 'ok' as const, message: await services.deposits.companyAddresses() }),
  );

  app.post(
    '/wallet/charge_req',
    {
      schema: {
        tags,
        summary: 'A manual deposit: transaction hash, source account, amount and a proof image URL from POST upload',
        description: 'Credited only when an operator confirms it, once per transaction hash.',
        body: chargeRequestBody,
        response: { 200: replySchema(z.string()) },
      },
    },
    async (request) => {
      await services.deposits.submitManual(currentUser(request).id, request.body);
      return { type: 'ok' as const, message: 'recharge submitted' };
    },
  );

  app.post(
    '/wallet/charge_log',
    { schema: { tags, summary: 'The caller’s deposits, newest first', body: recordListBody, response: { 200: replySchema(depositRecordPage) } } },
    async (request) => ({
      type: 'ok' as const,
      message: await services.deposits.records(currentUser(request).id, request.body.currency, pageRequest(request.body.page, request.body.limit)),
    }),
  );
};
