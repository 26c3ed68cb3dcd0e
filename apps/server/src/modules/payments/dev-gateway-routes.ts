import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Refusal } from '../../core/refusal';
import type { RouteDeps } from '../../app/deps';
import { answerThisMachineOnly } from '../../http/this-machine-only';

const formFields = z.record(z.string().max(64), z.string().max(512)).catch({});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}table{border-collapse:collapse}td{padding:.25rem .75rem;border-bottom:1px solid #ddd}button{margin-top:1rem;padding:.5rem 1.5rem}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

/** A link back to the shop, only to a web address (never `javascript:`). */
function returnLink(url: string | undefined): string {
  return url && /^(https?:\/\/|\/)/.test(url) ? `<p><a href="${escapeHtml(url)}">Back to Tessera</a></p>` : '';
}

/**
 * The development payment gateway: the payment form posts here; "Pay" completes the payment and
 * sends the gateway's signed callback. Registered only outside production, answered only to
 * this machine.
 */
export const devPaymentGatewayRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  answerThisMachineOnly(app);

  const tags = ['development'];
  app.post('/dev/payment-gateway', { schema: { tags, summary: 'The development payment gateway’s page: the payment form posts here (HTML; not in production)', body: formFields } }, async (request, reply) => {
    const fields = request.body;
    const hidden = Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('');
    const rows = ['orderNo', 'orderAmount', 'orderCurrency', 'customerId', 'signType']
      .map((name) => `<tr><td>${name}</td><td>${escapeHtml(fields[name] ?? '')}</td></tr>`)
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(page('Development payment gateway', `<p>No money moves outside this machine: paying here credits the order as a real gateway’s callback would.</p><table>${rows}</table><form method="post" action="/api/dev/payment-gateway/pay">${hidden}<button type="submit">Pay</button></form>`));
  });

  app.post('/dev/payment-gateway/pay', { schema: { tags, summary: 'Complete a payment: sends the gateway’s signed callback (HTML; not in production)', body: formFields } }, async (request, reply) => {
    reply.type('text/html; charset=utf-8');
    try {
      const callback = services.payments.signedCallback(request.body);
      const result = await services.payments.callback(callback);
      const said = result.applied ? 'The payment is complete and the order was credited.' : 'This order was already paid.';
      return reply.send(page('Payment complete', `<p>${said}</p>${returnLink(request.body.returnUrl)}`));
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return reply.send(page('Payment refused', `<p>${escapeHtml(error.key)}</p>${returnLink(request.body.returnUrl)}`));
    }
  });
};
