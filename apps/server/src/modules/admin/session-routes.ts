import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tokenOf } from '../../http/authenticate';
import type { Services } from '../../app/services';

export interface SessionRouteOptions {
  services: Services;
  operatorOf: (request: FastifyRequest) => number;
}

const ok = z.object({ ok: z.literal(true) });
const problem = z.object({ error: z.string() });

/** Operator login and logout, and enrolment of the TOTP second factor (docs/operations.md). */
export const operatorSessionRoutes: FastifyPluginAsyncZod<SessionRouteOptions> = async (app, { services, operatorOf }) => {
  const tags = ['operator'];
  // any live session, even one that may only enrol a second factor
  const session = { config: { anyOperatorSession: true } };

  app.post(
    '/login',
    {
      config: { operatorPublic: true },
      schema: {
        tags,
        summary: 'Operator login: answers a bearer token; with TOTP on, `totp` (or `recovery_code`) too',
        body: z.object({
          email: z.string().max(120),
          password: z.string().max(128),
          totp: z.string().max(12).optional(),
          recovery_code: z.string().max(40).optional(),
        }),
        response: {
          200: z.object({ token: z.string(), scope: z.enum(['full', 'enrol']) }),
          401: problem,
          429: problem.extend({ retry_after: z.int() }),
        },
      },
    },
    async (request) =>
      services.operatorAuth.login({
        email: request.body.email,
        password: request.body.password,
        secondFactor: { totp: request.body.totp, recoveryCode: request.body.recovery_code },
        address: request.ip,
      }),
  );

  app.post('/logout', { ...session, schema: { tags, response: { 200: ok } } }, async (request) => {
    await services.operatorAuth.logout(tokenOf(request) ?? '');
    return { ok: true as const };
  });

  app.post(
    '/totp/enrol/start',
    {
      ...session,
      schema: {
        tags,
        summary: 'A new TOTP secret to scan (otpauth address and QR code); on only once confirmed',
        response: { 200: z.object({ secret: z.string(), otpauth_uri: z.string(), qr_code: z.string() }) },
      },
    },
    async (request) => services.operatorTotp.startEnrolment(operatorOf(request)),
  );

  app.post(
    '/totp/enrol/confirm',
    {
      ...session,
      schema: {
        tags,
        summary: 'Turn TOTP on with a current code: answers ten one-time recovery codes',
        body: z.object({ code: z.string().max(12) }),
        response: { 200: z.object({ recovery_codes: z.array(z.string()) }) },
      },
    },
    async (request) => {
      const recoveryCodes = await services.operatorTotp.confirmEnrolment(operatorOf(request), tokenOf(request) ?? '', request.body.code);
      return { recovery_codes: recoveryCodes };
    },
  );
};
