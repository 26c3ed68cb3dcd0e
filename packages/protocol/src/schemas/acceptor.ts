import { z } from 'zod';
import { cacheBusting, optionalText, optionalWholeNumber, pageQuery, pagedSchema, requiredBigId } from './form';

/** The payment methods an acceptor may take. */
export const ACCEPTOR_WAYS = ['we_chat', 'ali_pay', 'bank'] as const;

export const acceptor = z.object({
  id: z.int().describe('the acceptor’s user id'),
  name: z.string(),
  currency_name: z.string().describe('the coin the acceptor trades'),
  wechat_nickname: z.string(),
  wechat_account: z.string(),
  ali_nickname: z.string(),
  ali_account: z.string(),
  bank_name: z.string(),
  bank_account: z.string(),
  bank_address: z.string(),
  ways: z.array(z.enum(ACCEPTOR_WAYS)).describe('the methods with an account set'),
  user_balance: z.string().describe('the acceptor’s available coins: the most a deposit deal can be'),
  recharge_amount: z.string().describe('the largest deposit deal, in coins; 0 for no limit'),
  recharge_rate: z.string().describe('percent the acceptor keeps on a deposit'),
  cash_amount: z.string().describe('the largest withdrawal deal, in coins; 0 for no limit'),
  cash_rate: z.string().describe('percent the acceptor keeps on a withdrawal'),
});

export const acceptorInfoQuery = z.object({
  id: optionalWholeNumber.describe('the acceptor’s id'),
  address: optionalText(120).describe('accepted and ignored'),
  ...cacheBusting,
});
export const acceptorListQuery = z.object({ ...cacheBusting });

export const acceptorDealBody = z.object({
  acceptor_id: optionalWholeNumber,
  address: optionalText(120).describe('accepted and ignored'),
  way: optionalText(16).describe('we_chat, ali_pay or bank'),
  type: optionalText(8).describe('buy: the user buys coins (a deposit); sell: the user sells coins (a withdrawal)'),
  mobile: optionalText(20),
  deal_account: optionalText(64).describe('the user’s account of that payment method'),
  money: optionalText(40).describe('the coins of the deal'),
});

export const acceptorDeal = z.object({
  id: z.int(),
  type: z.enum(['buy', 'sell']),
  create_time: z.string(),
  update_time: z.string(),
  deal_account: z.string(),
  mobile: z.string(),
  acceptor_id: z.int(),
  acceptor_name: z.string(),
  hes_account: z.string().describe('the acceptor’s account of the payment method'),
  user_account: z.string().describe('the user’s account name, masked'),
  way: z.enum(ACCEPTOR_WAYS),
  way_name: z.string(),
  currency_name: z.string(),
  money: z.string().describe('the coins of the deal'),
  rate: z.string(),
  fee: z.string().describe('money × rate %, kept by the acceptor'),
  coins: z.string().describe('what moves: money − fee to a buyer; money from a seller'),
  is_sure: z.int().min(0).max(3).describe('0 open, 1 confirmed, 2 rejected, 3 paid by the acceptor (a sell awaiting the user)'),
  auto_confirm_time: z.string().describe('a paid sell confirms itself at this time; empty otherwise (and while disputed)'),
  disputed: z.boolean().describe('is_sure 3 and the user objected: the deal waits for an operator’s ruling'),
  ruling: z.enum(['', 'release', 'return']).describe('an operator’s ruling on a dispute: release (the coins went to the acceptor, is_sure 1) or return (back to the user, is_sure 2); empty if none'),
});
export const acceptorDealPage = pagedSchema(acceptorDeal);

export const myDealQuery = z.object({
  address: optionalText(120).describe('accepted and ignored'),
  way: optionalText(16).describe('buy or sell (old clients send the type here), or a payment method'),
  type: optionalText(8).describe('buy or sell'),
  ...pageQuery,
  ...cacheBusting,
});
export const acceptorOrdersQuery = z.object({
  is_sure: optionalWholeNumber.describe('only deals in this state'),
  ...pageQuery,
  ...cacheBusting,
});
export const acceptorDealIdBody = z.object({ id: requiredBigId });

/** The operator's appointment of an acceptor (operator API). */
export const acceptorInput = z.object({
  name: z.string().min(1).max(60),
  currency_id: z.int().positive().max(2_147_483_647).default(3),
  wechat_nickname: z.string().max(60).default(''),
  wechat_account: z.string().max(64).default(''),
  ali_nickname: z.string().max(60).default(''),
  ali_account: z.string().max(64).default(''),
  bank_name: z.string().max(60).default(''),
  bank_account: z.string().max(64).default(''),
  bank_address: z.string().max(120).default(''),
  recharge_rate: z.string().regex(/^\d{1,2}(\.\d{1,4})?$/).default('0'),
  cash_rate: z.string().regex(/^\d{1,2}(\.\d{1,4})?$/).default('0'),
  recharge_amount: z.string().regex(/^\d{1,20}(\.\d{1,18})?$/).default('0'),
  cash_amount: z.string().regex(/^\d{1,20}(\.\d{1,18})?$/).default('0'),
  active: z.boolean().default(true),
});
