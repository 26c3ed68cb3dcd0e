import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBody, loginReply, refusalSchema, replySchema } from '@tessera/protocol';
import { z } from 'zod';
import { tokenOf } from '../../http/authenticate';
import { sessionCookieToken } from '../../http/cookies';
import { requestClient } from '../../http/client-info';
import type { RouteDeps } from '../../app/deps';

export const authRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, cookies }) => {
  app.post(
    '/user/login',
    {
      schema: {
        tags: ['account'],
        summary: 'Log in with account and password, or as a guest with is_vistor=1',
        description:
          'On success `message` is the token; `token`, `is_vistor` and `account` repeat it for clients that read fields. The token is also set as an httpOnly, SameSite=Lax session cookie, which only the socket handshake and `POST upload` accept. An account with an authenticator bound also needs `google_code` (a current code or a recovery code): without it the reply is the error `google code required`, with a wrong one `wrong google code`.',
        body: loginBody,
        response: { 200: z.union([loginReply, refusalSchema]) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const result =
        body.is_vistor === 1
          ? await services.auth.guestLogin(requestClient(request))
          : await services.auth.login(body.user_string, body.password, requestClient(request), body.area_code, body.google_code);
      cookies.setSession(request, reply, result.token);
      return {
        type: 'ok' as const,
        message: result.token,
        token: result.token,
        is_vistor: result.user.is_vistor ? (1 as const) : (0 as const),
        account: result.user.account,
      };
    },
  );

  app.post(
    '/user/logout',
    {
      schema: {
        tags: ['account'],
        summary: 'Revoke the token sent in Authorization and the session cookie’s, clear the cookie, close their sockets',
        response: { 200: replySchema(z.string()) },
      },
    },
    async (request, reply) => {
      const tokens = new Set([tokenOf(request), sessionCookieToken(request)].filter((token) => token !== undefined));
      for (const token of tokens) await services.auth.logout(token);
      cookies.clearSession(request, reply);
      return { type: 'ok' as const, message: 'logged out' };
    },
  );
};
