import { randomBytes } from 'node:crypto';
import { formatFixed } from '@tessera/protocol';
import { formatAmount, hasAtMostDecimals, parseAmount, tryParseAmount, type Atoms } from '../../core/amount';
import type { Core } from '../../core/core';
import { refuse } from '../../core/refusal';
import type { Clock } from '../../lib/time';
import type { Notify } from '../notifications/kinds';
import type { ChainGate } from '../wallets/chain-gate';
import type { PaymentRepository } from './repository';
import { SIGN_TYPE, signFields, verifyFields } from './signature';

/** Where the gateway is and the key it shares with us; absent, card payments are not available. */
export interface PaymentGateway {
  url: string;
  key: string;
  /** the development gateway of this server (never in production) */
  development?: boolean;
}

/** What card payments credit: USDT, in the change wallet, at the operator's CNY rate. */
export const PAYMENT_CREDIT = { currencyId: 3, name: 'USDT', decimals: 6 } as const;
export const PAYMENT_CURRENCY = 'CNY';
const ONE = 10n ** 18n;
/** Largest single card payment, CNY. */
const MAX_FIAT = parseAmount('1000000');

/** The fields a gateway's callback carries; a callback with any other field is refused. */
const CALLBACK_FIELDS = new Set(['orderNo', 'orderAmount', 'orderCurrency', 'customerId', 'status', 'tradeNo', 'signType', 'sign']);

/** Where the gateway calls back and sends the payer afterwards: from the settings, never from a request. */
export interface PaymentUrls {
  notifyUrl: string;
  returnUrl: string;
}

/** The development gateway is this server: its callback and return links stay on the page's own origin. */
const DEVELOPMENT_URLS: PaymentUrls = { notifyUrl: '/api/payment/notify', returnUrl: '/success' };

export interface PaymentFormInput {
  amount?: string;
  account?: string;
}

/**
 * Card payments (the account centre's payment form): the server opens an order and signs the
 * form the browser posts to the gateway (HMAC-SHA256 under the shared key); the gateway's signed
 * callback credits the order through the core, once whatever the number of callbacks.
 */
export class PaymentService {
  constructor(
    private readonly core: Core,
    private readonly payments: PaymentRepository,
    private readonly gateway: PaymentGateway | undefined,
    private readonly cnyRate: () => Atoms,
    private readonly gate: ChainGate,
    private readonly clock: Clock,
    private readonly notify: Notify,
  ) {}

  get available(): boolean {
    return this.gateway !== undefined;
  }

  /** payment/form: opens an order and answers the signed form to post to the gateway. */
  async form(userId: number, input: PaymentFormInput, urls: PaymentUrls) {
    const gateway = this.gatewayOrRefuse();
    if (!input.account) refuse('enter account');
    if (!input.amount) refuse('enter amount');
    const fiat = tryParseAmount(input.amount);
    if (fiat === undefined || !hasAtMostDecimals(fiat, 2)) refuse('parameter error');
    if (fiat <= 0n) refuse('amount must be greater than zero');
    if (fiat > MAX_FIAT) refuse('amount above maximum');
    await this.gate.check(userId);
    const rate = this.cnyRate();
    if (rate <= 0n) refuse('please retry');
    const step = 10n ** BigInt(18 - PAYMENT_CREDIT.decimals);
    const credit = (((fiat * ONE) / rate) / step) * step;
    if (credit <= 0n) refuse('minimum amount not met');
    const orderNo = `P${this.clock().getTime().toString(36)}${randomBytes(8).toString('hex')}`;
    await this.payments.open({ orderNo, userId, currencyId: PAYMENT_CREDIT.currencyId, fiatAmount: formatAmount(fiat), amount: formatAmount(credit), at: this.clock() });
    const fields: Record<string, string> = {
      orderNo,
      orderCurrency: PAYMENT_CURRENCY,
      orderAmount: formatFixed(fiat, 2),
      customerId: String(userId),
      notifyUrl: gateway.development ? DEVELOPMENT_URLS.notifyUrl : urls.notifyUrl,
      returnUrl: gateway.development ? DEVELOPMENT_URLS.returnUrl : urls.returnUrl,
      signType: SIGN_TYPE,
    };
    return { action: gateway.url, method: 'POST' as const, credit: formatAmount(credit), credit_currency: PAYMENT_CREDIT.name, fields: { ...fields, sign: signFields(fields, gateway.key, 'payment-form') } };
  }

  /**
   * payment/notify: the gateway's callback. Only a correctly signed report of a paid order whose
   * amount is the order's credits it; a repeated callback finds the credit's key spent.
   */
  async callback(fields: Record<string, string>): Promise<{ applied: boolean }> {
    const gateway = this.gatewayOrRefuse();
    // only the fields the gateway sends: anything else is not a callback of ours
    if (Object.keys(fields).some((name) => !CALLBACK_FIELDS.has(name))) refuse('parameter error');
    if (fields.signType !== undefined && fields.signType !== SIGN_TYPE) refuse('payment signature is not valid');
    if (!verifyFields(fields, gateway.key, 'payment-callback')) refuse('payment signature is not valid');
    const order = fields.orderNo ? await this.payments.find(fields.orderNo) : undefined;
    if (!order) refuse('order not found');
    if (fields.status !== 'success') refuse('order already handled');
    const paid = tryParseAmount(fields.orderAmount);
    if (paid === undefined || paid !== parseAmount(order.fiat_amount) || fields.orderCurrency !== PAYMENT_CURRENCY || fields.customerId !== String(order.user_id)) {
      refuse('payment amount does not match');
    }
    const amount = parseAmount(order.amount);
    const result = await this.core.execute({
      kind: 'adjust',
      key: `payment:${order.order_no}`,
      userId: order.user_id,
      currencyId: order.currency_id,
      wallet: 'change',
      amount,
      reason: 'deposit',
      reference: `payment:${order.order_no}`,
    });
    await this.payments.markPaid(order.order_no, this.clock());
    if (result.applied) await this.notify(order.user_id, 'deposit_credited', { amount: formatAmount(amount), currency: PAYMENT_CREDIT.name, id: order.order_no });
    return { applied: result.applied };
  }

  /** The development gateway: signs the callback a real gateway would send for a completed payment. */
  signedCallback(form: Record<string, string>): Record<string, string> {
    const gateway = this.gatewayOrRefuse();
    // a server configured with a real gateway has no development one: its key signs nothing here
    if (!gateway.development) refuse('not found');
    if (!verifyFields(form, gateway.key, 'payment-form')) refuse('payment signature is not valid');
    const fields: Record<string, string> = {
      orderNo: form.orderNo ?? '',
      orderAmount: form.orderAmount ?? '',
      orderCurrency: form.orderCurrency ?? '',
      customerId: form.customerId ?? '',
      status: 'success',
      tradeNo: `DEV${randomBytes(6).toString('hex')}`,
      signType: SIGN_TYPE,
    };
    return { ...fields, sign: signFields(fields, gateway.key, 'payment-callback') };
  }

  private gatewayOrRefuse(): PaymentGateway {
    if (!this.gateway) refuse('payment is not available');
    return this.gateway;
  }
}
