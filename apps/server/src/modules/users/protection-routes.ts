import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allowListBody,
  antiPhishingBody,
  authenticatorSecret,
  cacheBusting,
  endSessionBody,
  googleBindBody,
  googleUnbindBody,
  lockAccountBody,
  loginHistoryPage,
  loginHistoryQuery,
  protectionView,
  recoveryCodes,
  replySchema,
  sessionItem,
} from '@tessera/protocol';
import { z } from 'zod';
import { currentUser, tokenOf } from '../../http/authenticate';
import { requestClient } from '../../http/client-info';
import { pageRequest } from '../../lib/paging';
import { tokenDigest } from '../../lib/tokens';
import type { RouteDeps } from '../../app/deps';

const okText = replySchema(z.string());
const done = { type: 'ok' as const, message: 'operation ok' };
const tags = ['account protection'];

/**
 * Account protection (docs/accounts.md "Account protection"): the authenticator, the
 * anti-phishing code, the address allow-list, sessions and login history, all private and refused
 * to the guest account; and the lock code of security messages, public (the code is the proof).
 */
export const protectionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, requireUser }) => {
  const digestOf = (request: Parameters<typeof tokenOf>[0]) => tokenDigest(tokenOf(request) ?? '');

  app.get(
    '/google_bind/secret',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'A secret for the authenticator app, for a user with none bound (the same one until bound)',
        querystring: z.object(cacheBusting),
        response: { 200: replySchema(authenticatorSecret) },
      },
    },
    async (request) => ({ type: 'ok' as const, message: await services.secondFactor.secret(currentUser(request).id) }),
  );

  app.post(
    '/google_bind/bind',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Bind the secret with a current code of the app and the login password; answers ten recovery codes, shown this once',
        body: googleBindBody,
        response: { 200: replySchema(recoveryCodes) },
      },
    },
    async (request) => ({
      type: 'ok' as const,
      message: { recovery_codes: await services.secondFactor.bind(currentUser(request).id, request.body, requestClient(request)) },
    }),
  );

  app.post(
    '/google_bind/unbind',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'Remove the authenticator, proved with a current code or a recovery code', body: googleUnbindBody, response: { 200: okText } },
    },
    async (request) => {
      await services.secondFactor.unbind(currentUser(request).id, request.body.code, requestClient(request));
      return done;
    },
  );

  app.get(
    '/safe/protection',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The authenticator, the anti-phishing code and the address allow-list, as the security screen shows them',
        querystring: z.object(cacheBusting),
        response: { 200: replySchema(protectionView) },
      },
    },
    async (request) => ({ type: 'ok' as const, message: await services.protection.view(currentUser(request).id) }),
  );

  app.post(
    '/safe/anti_phishing',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'Set the anti-phishing code every e-mail from the platform shows', body: antiPhishingBody, response: { 200: okText } },
    },
    async (request) => {
      await services.protection.setAntiPhishingCode(currentUser(request).id, request.body, requestClient(request));
      return done;
    },
  );

  app.post(
    '/safe/allow_list',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Switch the withdrawal address allow-list: on at once, off after the waiting period; needs the authenticator',
        body: allowListBody,
        response: { 200: replySchema(protectionView) },
      },
    },
    async (request) => ({ type: 'ok' as const, message: await services.protection.switchAllowList(currentUser(request).id, request.body, requestClient(request)) }),
  );

  app.get(
    '/user/sessions',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The caller’s live sessions: device, address, place, last seen; `current` marks this one',
        querystring: z.object(cacheBusting),
        response: { 200: replySchema(z.array(sessionItem)) },
      },
    },
    async (request) => ({ type: 'ok' as const, message: await services.sessionList.list(currentUser(request).id, digestOf(request)) }),
  );

  app.post(
    '/user/session_end',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'End one of the caller’s sessions; its sockets close', body: endSessionBody, response: { 200: okText } },
    },
    async (request) => {
      await services.sessionList.end(currentUser(request).id, request.body.id);
      return done;
    },
  );

  app.post(
    '/user/session_end_others',
    { onRequest: requireUser, schema: { tags, summary: 'End every session of the caller but this one; their sockets close', response: { 200: okText } } },
    async (request) => {
      await services.sessionList.endOthers(currentUser(request).id, digestOf(request));
      return done;
    },
  );

  app.get(
    '/user/login_history',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'The caller’s login tries of the last 90 days, newest first', querystring: loginHistoryQuery, response: { 200: replySchema(loginHistoryPage) } },
    },
    async (request) => ({
      type: 'ok' as const,
      message: await services.sessionList.loginHistory(currentUser(request).id, pageRequest(request.query.page, request.query.limit)),
    }),
  );

  app.post(
    '/user/lock_account',
    {
      schema: {
        tags,
        summary: 'Lock an account at once with the lock code of a security message; every session ends. Only an operator unlocks it',
        body: lockAccountBody,
        response: { 200: okText },
      },
    },
    async (request) => {
      await services.accountLocks.lock(request.body.code);
      return done;
    },
  );
};
