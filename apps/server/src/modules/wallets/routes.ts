import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountLogBody,
  accountLogPage,
  chainRecordPage,
  chainRecordQuery,
  pagedSchema,
  replySchema,
  transferHistoryBody,
  transferHistoryItem,
  walletChangeBody,
  walletList,
  userCurrencyItem,
  walletCurrencyItem,
  walletDetail,
  walletDetailBody,
  walletListQuery,
  walletLogBody,
  walletLogPage,
} from '@tessera/protocol';
import { z } from 'zod';
import { currentUser } from '../../http/authenticate';
import { requestLang } from '../../http/language';
import { pageRequest } from '../../lib/paging';
import type { RouteDeps } from '../../app/deps';

/** The assets area, first part: balances and transfers. All private. */
export const walletRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, requireUser }) => {
  app.addHook('onRequest', requireUser);
  const tags = ['wallets'];
  const listSchema = { tags, summary: 'The four wallets of the caller', response: { 200: replySchema(walletList) } };

  app.get('/wallet/list', { schema: { ...listSchema, querystring: walletListQuery } }, async (request) => ({
    type: 'ok' as const,
    message: await services.wallets.list(currentUser(request).id),
  }));
  app.post('/wallet/list', { schema: { ...listSchema, body: walletListQuery } }, async (request) => ({
    type: 'ok' as const,
    message: await services.wallets.list(currentUser(request).id),
  }));

  app.post(
    '/wallet/change',
    {
      schema: {
        tags,
        summary: 'Transfer between two of the caller’s wallets',
        description: 'Either `from_field` and `to_field` (legal, change, lever, micro), or the old `type` "<from>_<to>". Into the lever wallet, USDT transfers are at least 100.',
        body: walletChangeBody,
        response: { 200: replySchema(z.string()) },
      },
    },
    async (request) => {
      await services.wallets.transfer(currentUser(request).id, request.body);
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );

  app.post(
    '/wallet/hzhistory',
    {
      schema: {
        tags,
        summary: 'Transfer history, newest first',
        description: 'The page is under `list` and, as older clients read it, under `data` too.',
        body: transferHistoryBody,
        response: { 200: replySchema(pagedSchema(transferHistoryItem).extend({ data: z.array(transferHistoryItem) })) },
      },
    },
    async (request) => {
      const page = await services.wallets.history(currentUser(request).id, pageRequest(request.body.page, request.body.limit));
      return { type: 'ok' as const, message: { ...page, data: page.list } };
    },
  );

  app.get(
    '/wallet/currencylist',
    { schema: { tags, summary: 'Currencies of the assets area and what each allows', response: { 200: replySchema(z.array(walletCurrencyItem)) } } },
    async () => ({ type: 'ok' as const, message: await services.walletRecords.currencyList() }),
  );

  app.post(
    '/wallet/detail',
    { schema: { tags, summary: 'One wallet of one currency (legalAccount, changeAccount)', body: walletDetailBody, response: { 200: replySchema(walletDetail) } } },
    async (request) => ({
      type: 'ok' as const,
      message: await services.walletRecords.detail(currentUser(request).id, request.body.currency ?? request.body.currency_id, request.body.type),
    }),
  );

  app.post(
    '/wallet/legal_log',
    {
      schema: {
        tags,
        summary: 'Entries of one wallet, newest first',
        description: '`type` 1 legal, 2 change, 3 or "lever" lever, 4 micro; `currency` narrows to one currency.',
        body: walletLogBody,
        response: { 200: replySchema(walletLogPage) },
      },
    },
    async (request) => ({
      type: 'ok' as const,
      message: await services.walletRecords.walletLog(
        currentUser(request).id,
        request.body,
        pageRequest(request.body.page, request.body.limit),
        requestLang(request),
      ),
    }),
  );

  app.get(
    '/currency/user_currency_list',
    {
      schema: {
        tags,
        summary: 'Currencies with their is_legal, is_lever, is_match and is_micro flags and the caller’s available balances (the old transfer page)',
        description: 'The items of wallet/currencylist, each with `wallet`: the caller’s available `legal_balance`, `change_balance`, `micro_balance` and `lever_balance` of the currency.',
        response: { 200: replySchema(z.array(userCurrencyItem)) },
      },
    },
    async (request) => ({ type: 'ok' as const, message: await services.walletRecords.userCurrencyList(currentUser(request).id) }),
  );

  const chainRecordsSchema = {
    tags,
    summary: 'The caller’s deposits and withdrawals together, newest first, under `data`',
    description: '`limit` (default 10, at most 100) and `page`.',
    response: { 200: replySchema(chainRecordPage) },
  };
  const chainRecords = async (request: Parameters<typeof currentUser>[0], query: z.infer<typeof chainRecordQuery>) => ({
    type: 'ok' as const,
    message: await services.walletRecords.depositsAndWithdrawals(currentUser(request).id, pageRequest(query.page, query.limit), requestLang(request)),
  });
  app.get('/charge_mention/log', { schema: { ...chainRecordsSchema, querystring: chainRecordQuery } }, async (request) => chainRecords(request, request.query));
  app.post('/charge_mention/log', { schema: { ...chainRecordsSchema, body: chainRecordQuery } }, async (request) => chainRecords(request, request.body));

  app.post(
    '/account/list',
    { schema: { tags, summary: 'Entries of every wallet, 20 a page', body: accountLogBody, response: { 200: replySchema(accountLogPage) } } },
    async (request) => ({
      type: 'ok' as const,
      message: await services.walletRecords.accountLog(currentUser(request).id, pageRequest(request.body.page, request.body.limit, 20), requestLang(request)),
    }),
  );
};
