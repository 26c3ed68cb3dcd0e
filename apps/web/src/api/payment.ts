import { call, type RequestOptions } from './client';

/** The signed card-payment form: post `fields` to `action`; once paid the order credits `credit` `credit_currency`. */
export interface PaymentGatewayForm {
  action: string;
  method: 'POST';
  credit: string;
  credit_currency: string;
  fields: Record<string, string>;
}

/** Card payments through the payment gateway. */
export const paymentApi = {
  /** Opens a payment of `amount` CNY from `account`; answers the gateway's address and the signed fields. */
  form: (input: { account: string; amount: string }, options?: RequestOptions) =>
    call<PaymentGatewayForm>('POST', 'payment/form', { ...input }, options),
};
