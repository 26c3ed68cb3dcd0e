import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  cacheBusting,
  checkCodeBody,
  codeRequestBody,
  country,
  forgetBody,
  registerBody,
  registerSettings,
  replySchema,
} from '@tessera/protocol';
import { z } from 'zod';
import { contentLanguage } from '../../http/content-language';
import type { RouteDeps } from '../../app/deps';

const okText = replySchema(z.string());

/** Verification codes, registration and the forgotten-password reset: all public calls. */
export const accountRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  const client = (request: FastifyRequest, lan?: string) => ({ ip: request.ip, lang: contentLanguage(request, lan) });

  app.post(
    '/sms_mail',
    { schema: { tags: ['account'], summary: 'Send a 6-digit code by e-mail', body: codeRequestBody, response: { 200: okText } } },
    async (request) => {
      await services.codes.request('email', request.body, client(request, request.body.lan));
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );

  app.post(
    '/sms_send',
    { schema: { tags: ['account'], summary: 'Send a 6-digit code by SMS', body: codeRequestBody, response: { 200: okText } } },
    async (request) => {
      await services.codes.request('sms', request.body, client(request, request.body.lan));
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );

  for (const [path, field] of [
    ['/user/check_email', 'email_code'],
    ['/user/check_mobile', 'mobile_code'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags: ['account'],
          summary: 'Check a code without spending it (first step of two-step forms)',
          body: checkCodeBody,
          response: { 200: okText },
        },
      },
      async (request) => {
        await services.codes.check({ ...request.body, code: request.body[field] });
        return { type: 'ok' as const, message: 'operation ok' };
      },
    );
  }

  app.post(
    '/user/register',
    { schema: { tags: ['account'], summary: 'Register with an e-mail or phone code', body: registerBody, response: { 200: okText } } },
    async (request) => {
      await services.registration.register(request.body);
      return { type: 'ok' as const, message: 'operation ok' };
    },
  );

  app.post(
    '/user/forget',
    { schema: { tags: ['account'], summary: 'Set a new login password with a code', body: forgetBody, response: { 200: okText } } },
    async (request) => {
      await services.registration.resetPassword(request.body);
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
