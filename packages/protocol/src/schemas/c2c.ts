import { z } from 'zod';
import { cacheBusting, optionalText, optionalWholeNumber, pageQuery, requiredBigId } from './form';

// ---- Payment methods ----

/** user/cash_info: the caller's payment methods; empty strings when none is saved. */
export const cashInfo = z.object({
  real_name: z.string(),
  bank_name: z.string(),
  bank_account: z.string(),
  alipay_account: z.string(),
  wechat_account: z.string(),
  wechat_nickname: z.string(),
});
export type CashInfo = z.infer<typeof cashInfo>;

export const cashSaveBody = z.object({
  real_name: optionalText(40),
  bank_name: optionalText(60),
  bank_account: optionalText(40),
  alipay_account: optionalText(80),
  wechat_nickname: optionalText(60),
  wechat_account: optionalText(80),
});

// ---- Ads ----

export const C2C_WAYS = ['ali_pay', 'we_chat', 'bank'] as const;
export type C2cWay = (typeof C2C_WAYS)[number];

export const c2cSendBody = z.object({
  type: optionalText(8).describe('buy or sell'),
  currency_id: optionalWholeNumber.describe('the coin (a currency of the legal wallet)'),
  price: optionalText(40).describe('CNY per coin, at most 4 decimals'),
  total_number: optionalText(40).describe('coins offered (sell) or wanted (buy)'),
  min_number: optionalText(40).describe('least coins per order; default 0 (no minimum)'),
  max_number: optionalText(40).describe('most coins per order; default 0 (no maximum)'),
  way: optionalText(40).describe('ali_pay, we_chat or bank; several comma-separated'),
});

export const c2cAdListQuery = z.object({
  type: optionalText(8).describe('the ads’ type: sell (a taker buys) or buy (a taker sells); default sell'),
  currency_id: optionalWholeNumber.describe('only ads of this coin'),
  ...pageQuery,
  ...cacheBusting,
});

/** An ad as the market (c2c_deal_platform) and its publisher (c2c/seller_trade) see it. */
export const c2cAd = z.object({
  id: z.int(),
  type: z.enum(['buy', 'sell']),
  seller_name: z.string().describe('the publisher, masked'),
  currency_id: z.int(),
  currency_name: z.string(),
  price: z.string().describe('CNY per coin'),
  total_number: z.string(),
  surplus_number: z.string().describe('what no order holds yet'),
  min_number: z.string(),
  max_number: z.string().describe('0: no maximum'),
  way: z.string().describe('comma-separated: ali_pay, we_chat, bank'),
  ways: z.array(z.enum(C2C_WAYS)),
  status: z.enum(['open', 'withdrawn', 'done']),
  is_mine: z.union([z.literal(0), z.literal(1)]),
  create_time: z.string(),
});
export type C2cAd = z.infer<typeof c2cAd>;

export function c2cPage<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), page: z.int(), pages: z.int(), total: z.int() });
}

export const c2cIdBody = z.object({ id: requiredBigId });
export const c2cIdQuery = z.object({ id: requiredBigId, ...cacheBusting });
export const c2cTakeBody = z.object({
  id: requiredBigId.describe('the ad'),
  number: optionalText(40).describe('coins; default the ad’s remainder (within its maximum)'),
});
export const c2cTaken = z.object({ msg: z.string(), id: z.int().describe('the new order') });
export const c2cPageQuery = z.object({ ...pageQuery, ...cacheBusting });
export const c2cAdOrdersQuery = z.object({ id: requiredBigId.describe('one of the caller’s ads'), ...pageQuery, ...cacheBusting });

// ---- Orders ----

const sellerCashInfo = z.object({ alipay_account: z.string(), wechat_account: z.string(), wechat_nickname: z.string(), bank_name: z.string(), bank_account: z.string() });
const buyerCashInfo = z.object({ real_name: z.string(), bank_account: z.string(), wechat_account: z.string(), alipay_account: z.string() });

/**
 * A c2c order, seen by one of its two parties. `is_sure`: 0 unpaid, 3 paid, 1 done, 2 cancelled.
 * `type` is the ad's: on a sell ad the taker buys, on a buy ad the taker sells.
 */
export const c2cOrder = z.object({
  id: z.int(),
  ad_id: z.int(),
  type: z.enum(['buy', 'sell']),
  role: z.enum(['buyer', 'seller']).describe('the caller’s side'),
  is_publisher: z.union([z.literal(0), z.literal(1)]),
  currency_id: z.int(),
  currency_name: z.string(),
  number: z.string(),
  price: z.string(),
  deal_money: z.string().describe('CNY to pay'),
  way_name: z.string().describe('the ad’s payment ways, comma-separated'),
  is_sure: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  cancel_reason: z.enum(['', 'buyer', 'timeout', 'operator']),
  create_time: z.string(),
  format_create_time: z.string(),
  pay_deadline: z.string().describe('the end of the 15-minute payment window'),
  paid_time: z.string(),
  seller_name: z.string(),
  seller_phone: z.string(),
  phone: z.string().describe('the counterparty’s phone'),
  hes_realname: z.string().describe('the counterparty’s real name from their payment methods'),
  sell_cash_info: sellerCashInfo.describe('where the buyer pays: the seller’s payment methods'),
  user_cash_info: buyerCashInfo.describe('the buyer’s payment methods'),
  appeal: z.object({
    can_appeal: z.union([z.literal(0), z.literal(1)]),
    appeal_from: z.string().describe('when either side may appeal a paid order; empty unless paid'),
    appealed: z.union([z.literal(0), z.literal(1)]),
    by_me: z.union([z.literal(0), z.literal(1)]),
    message: z.string(),
    image: z.string(),
    resolution: z.enum(['', 'release', 'return']),
  }),
});
export type C2cOrder = z.infer<typeof c2cOrder>;

export const c2cAppealBody = z.object({
  id: requiredBigId,
  message: optionalText(500),
  image: optionalText(200).describe('the URL POST upload answered'),
});

/** The push sent to both parties when an order is taken or changes (event name `c2c_order`). */
export const c2cOrderPush = z.object({
  type: z.literal('c2c_order'),
  id: z.int(),
  ad_id: z.int(),
  is_sure: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  role: z.enum(['buyer', 'seller']),
  appealed: z.union([z.literal(0), z.literal(1)]),
});
export type C2cOrderPush = z.infer<typeof c2cOrderPush>;
