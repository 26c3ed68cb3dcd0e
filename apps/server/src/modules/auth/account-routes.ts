import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  cacheBusting,
  checkCodeBody,
  codeRequestBody,
  country,
  forgetBody,
  registerBody,
  registerSettings,
  replySchema,
  setWithdrawPasswordBody,
} from '@tessera/protocol';
import { z } from 'zod';
import { contentLanguage } from '../../http/content-language';
import { callerIfAny } from '../../http/authenticate';
import { requestClient } from '../../http/client-info';
import { verificationSessionOf } from '../../http/cookies';
import type { RouteDeps } from '../../app/deps';

const okText = replySchema(z.string());

/** Verification codes, registration and the forgotten-password reset: all public calls. */
export const accountRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, cookies }) => {
  const client = (request: FastifyRequest, reply: FastifyReply, lan?: string) => ({
    ip: request.ip,
    lang: contentLanguage(request, lan),
    session: cookies.verificationSession(request, reply),
  });
  const sessionNote = 'Sets the verification cookie (httpOnly, SameSite=Lax) the two-step forms rely on.';

  const callerNote = ' Without `type`, a logged-in caller gets a `bind` code for a free e-mail and a `forgets` code for their own account.';
  app.post(
    '/sms_mail',
    {
      preHandler: callerIfAny(services.auth),
      schema: { tags: ['account'], summary: 'Send a 6-digit code by e-mail', description: sessionNote + callerNote, body: codeRequestBody, response: { 200: okText } },
    },
    async (request, reply) => {
      await services.codes.request('email', request.body, client(request, reply, request.body.lan), request.user?.id);
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );

  app.post(
    '/sms_send',
    {
      preHandler: callerIfAny(services.auth),
      schema: { tags: ['account'], summary: 'Send a 6-digit code by SMS', description: sessionNote + callerNote, body: codeRequestBody, response: { 200: okText } },
    },
    async (request, reply) => {
      await services.codes.request('sms', request.body, client(request, reply, request.body.lan), request.user?.id);
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );

  for (const [path, field, channel] of [
    ['/user/check_email', 'email_code', 'email'],
    ['/user/check_mobile', 'mobile_code', 'sms'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags: ['account'],
          summary: 'Check a code without spending it (first step of two-step forms)',
          description:
            'Without `user_string` the code is the newest one sent under the verification cookie. A pass marks the cookie for that address and purpose for 10 minutes: user/register or user/forget may then come with an empty `code`, once.',
          body: checkCodeBody,
          response: { 200: okText },
        },
      },
      async (request) => {
        await services.codes.check(channel, { ...request.body, code: request.body[field] }, verificationSessionOf(request));
        return { type: 'ok' as const, message: 'operation ok' };
      },
    );
  }

  app.post(
    '/user/register',
    {
      schema: {
        tags: ['account'],
        summary: 'Register with an e-mail or phone code',
        description:
          'An empty `code` is accepted once after user/check_email or user/check_mobile passed under the same verification cookie. A `withdraw_password` (six digits) sets the fund password with the account.',
        body: registerBody,
        response: { 200: okText },
      },
    },
    async (request) => {
      await services.registration.register(request.body, verificationSessionOf(request));
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );

  app.post(
    '/set_withdraw_password',
    {
      preHandler: callerIfAny(services.auth),
      schema: {
        tags: ['account'],
        summary: 'Set the fund password of an account (old clients): six digits, proved with a code (type forgets) sent to the account',
        description: 'With a session, `account` must be the caller’s. A first password is set; an existing one is replaced, as safe/reset_pay_password does.',
        body: setWithdrawPasswordBody,
        response: { 200: okText },
      },
    },
    async (request) => {
      await services.security.setWithdrawPassword(request.user?.id, request.body, requestClient(request));
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );

  app.post(
    '/user/forget',
    {
      schema: {
        tags: ['account'],
        summary: 'Set a new login password with a code',
        description: 'An empty `code` is accepted once after a check of a `forget` code passed under the same verification cookie.',
        body: forgetBody,
        response: { 200: okText },
      },
    },
    async (request) => {
      await services.registration.resetPassword(request.body, verificationSessionOf(request));
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );

  app.get(
    '/cfg/register',
    {
      schema: {
        tags: ['account'],
        summary: 'Registration settings: whether an invite code is required',
        querystring: z.object(cacheBusting),
        response: { 200: replySchema(registerSettings) },
      },
    },
    async () => ({
      type: 'ok' as const,
      message: { invite_code_required: (await services.registration.inviteCodeRequired()) ? (1 as const) : (0 as const) },
    }),
  );

  app.get(
    '/country/list',
    {
      schema: {
        tags: ['account'],
        summary: 'Countries and regions with dialling codes, for registration',
        querystring: z.object(cacheBusting),
        response: { 200: replySchema(z.array(country)) },
      },
    },
    async () => ({ type: 'ok' as const, message: await services.countries.list() }),
  );
};
