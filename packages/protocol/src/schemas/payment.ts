import { z } from 'zod';
import { optionalText } from './form';

export const paymentFormBody = z.object({
  account: optionalText(64).describe('the paying account (required)'),
  amount: optionalText(40).describe('CNY, at most 2 decimals'),
});

export const paymentForm = z.object({
  action: z.string().describe('the gateway’s address: post `fields` there'),
  method: z.literal('POST'),
  credit: z.string().describe('what the order credits once paid'),
  credit_currency: z.string(),
  fields: z.record(z.string(), z.string()).describe('orderNo, orderCurrency, orderAmount, customerId, notifyUrl, returnUrl, signType, sign'),
});

/** The gateway's callback: its fields, all text; `sign` is HMAC-SHA256 over the others. */
export const paymentCallbackBody = z.record(z.string().max(64), z.union([z.string().max(512), z.number()]).transform(String)).catch({});
