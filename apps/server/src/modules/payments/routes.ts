import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { paymentCallbackBody, paymentForm, paymentFormBody, replySchema } from '@tessera/protocol';
import { z } from 'zod';
import { currentUser } from '../../http/authenticate';
import type { RouteDeps } from '../../app/deps';
import type { Config } from '../../config';

/** The server's own address as the request reached it, for the gateway's callback and return links. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export type PaymentUrls = Pick<Config, 'PAYMENT_NOTIFY_URL' | 'PAYMENT_RETURN_URL'>;

/** Card payments: the signed form (private) and the gateway's callback (public, signed). */
export const paymentRoutes: FastifyPluginAsyncZod<RouteDeps & { urls: PaymentUrls }> = async (app, deps) => {
  const { services } = deps;
  const tags = ['payments'];

  app.post(
    '/payment/notify',
    {
      schema: {
        tags,
        summary: 'The payment gateway’s callback: a signed (HMAC-SHA256) report of a paid order; credits it once',
        body: paymentCallbackBody,
        response: { 200: replySchema(z.string()) },
      },
    },
    async (request) => {
      await services.payments.callback(request.body);
      return { type: 'ok' as const, message: 'success' };
    },
  );

  await app.register(privatePaymentRoutes, deps);
};

const privatePaymentRoutes: FastifyPluginAsyncZod<RouteDeps & { urls: PaymentUrls }> = async (app, { services, urls, requireUser }) => {
  app.addHook('onRequest', requireUser);
  const tags = ['payments'];
  app.post(
    '/payment/form',
    {
      schema: {
        tags,
        summary: 'Open a card payment in CNY: answers the gateway’s address and the signed fields to post to it',
        description: 'Fields: orderNo, orderCurrency (CNY), orderAmount, customerId, notifyUrl, returnUrl, signType (HMAC-SHA256), sign. The order credits `credit` USDT to the change wallet once paid.',
        body: paymentFormBody,
        response: { 200: replySchema(paymentForm) },
      },
    },
    async (request) => {
      const origin = originOf(request);
      return {
        type: 'ok' as const,
        message: await services.payments.form(currentUser(request).id, request.body, {
          notifyUrl: urls.PAYMENT_NOTIFY_URL ?? `${origin}/api/payment/notify`,
          returnUrl: urls.PAYMENT_RETURN_URL ?? `${origin}/success`,
        }),
      };
    },
  );
};
