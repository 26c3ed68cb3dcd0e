import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentCallbackBody, paymentForm, paymentFormBody, replySchema } from '@tessera/protocol';
import { z } from 'zod';
import { currentUser } from '../../http/authenticate';
import type { RouteDeps } from '../../app/deps';
import type { Config } from '../../config';
import type { PaymentUrls } from './service';

export type PaymentSettings = Pick<Config, 'PAYMENT_NOTIFY_URL' | 'PAYMENT_RETURN_URL' | 'SITE_URL' | 'HOST' | 'PORT'>;

/**
 * The callback and return addresses the payment form signs: from the settings only, never from
 * the request (a Host header is the caller's to write). PAYMENT_NOTIFY_URL and PAYMENT_RETURN_URL,
 * else the public origin SITE_URL, else (outside production) this server on HOST and PORT.
 * Production refuses to start with a gateway and neither (see production-safety).
 */
export function paymentUrls(settings: PaymentSettings): PaymentUrls {
  const origin = (settings.SITE_URL ? new URL(settings.SITE_URL).origin : undefined) ?? `http://${settings.HOST}:${settings.PORT}`;
  return {
    notifyUrl: settings.PAYMENT_NOTIFY_URL ?? `${origin}/api/payment/notify`,
    returnUrl: settings.PAYMENT_RETURN_URL ?? `${origin}/success`,
  };
}

/** Card payments: the signed form (private) and the gateway's callback (public, signed). */
export const paymentRoutes: FastifyPluginAsyncZod<RouteDeps & { urls: PaymentSettings }> = async (app, deps) => {
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

const privatePaymentRoutes: FastifyPluginAsyncZod<RouteDeps & { urls: PaymentSettings }> = async (app, { services, urls, requireUser }) => {
  const addresses = paymentUrls(urls);
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
      return { type: 'ok' as const, message: await services.payments.form(currentUser(request).id, request.body, addresses) };
    },
  );
};
