import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addAddressBody,
  deleteAddressBody,
  getAddressBody,
  recordListBody,
  replySchema,
  savedAddress,
  withdrawalRecordPage,
  withdrawBody,
  withdrawInfo,
  withdrawInfoBody,
} from '@tessera/protocol';
import { z } from 'zod';
import { currentMember, currentUser } from '../../http/authenticate';
import { requestClient } from '../../http/client-info';
import { pageRequest } from '../../lib/paging';
import type { RouteDeps } from '../../app/deps';

/** Withdrawals and saved addresses. All private. */
export const withdrawalRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, requireUser }) => {
  app.addHook('onRequest', requireUser);
  const tags = ['withdrawals'];

  app.post(
    '/wallet/get_info',
    { schema: { tags, summary: 'Limits, fee and saved addresses for a withdrawal', body: withdrawInfoBody, response: { 200: replySchema(withdrawInfo) } } },
    async (request) => ({
      type: 'ok' as const,
      message: await services.withdrawals.info(currentUser(request).id, request.body.currency, request.body.type),
    }),
  );

  app.post(
    '/wallet/out',
    {
      schema: {
        tags,
        summary: 'Apply for a withdrawal: the amount is frozen until an operator decides',
        description:
          'The fee is computed here (flat in the change wallet, a percent in micro); `rate` and `charge` from the client are ignored. Once an authenticator is bound, `google_code` is required. While the address allow-list is on, only a saved address past its waiting period is accepted; the identity level’s daily limit counts every currency in USDT value.',
        body: withdrawBody,
        response: { 200: replySchema(z.string()) },
      },
    },
    async (request) => {
      await services.withdrawals.apply(currentUser(request).id, request.body, requestClient(request));
      return { type: 'ok' as const, message: 'withdrawal request submitted, awaiting review' };
    },
  );

  app.post(
    '/wallet/out_log',
    { schema: { tags, summary: 'The caller’s withdrawals, newest first', body: recordListBody, response: { 200: replySchema(withdrawalRecordPage) } } },
    async (request) => ({
      type: 'ok' as const,
      message: await services.withdrawals.records(currentUser(request).id, request.body.currency, pageRequest(request.body.page, request.body.limit)),
    }),
  );

  app.post(
    '/wallet/get_address',
    { schema: { tags, summary: 'The caller’s saved withdrawal addresses', body: getAddressBody, response: { 200: replySchema(z.array(savedAddress)) } } },
    async (request) => ({ type: 'ok' as const, message: await services.addressBook.list(currentUser(request).id, request.body.currency) }),
  );

  app.post(
    '/wallet/addaddress',
    {
      schema: {
        tags,
        summary: 'Save a withdrawal address, checked for its network',
        description: 'Once an authenticator is bound, `google_code` is required. While the allow-list is on, a new address is usable after the waiting period (`usable_at`).',
        body: addAddressBody,
        response: { 200: replySchema(z.string()) },
      },
    },
    async (request) => {
      await services.addressBook.add(currentMember(request).id, request.body);
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );

  app.post(
    '/wallet/deladdress',
    { schema: { tags, summary: 'Delete one of the caller’s saved addresses', body: deleteAddressBody, response: { 200: replySchema(z.string()) } } },
    async (request) => {
      await services.addressBook.remove(currentUser(request).id, request.body.address_id);
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );
};
