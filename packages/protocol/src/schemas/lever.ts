import { z } from 'zod';
import { optionalText, optionalWholeNumber, pageQuery, requiredBigId, requiredId } from './form';
import { bookEntry } from './spot';

/** lever/deal: the pair a lever form trades. */
export const leverDealBody = z.object({ legal_id: requiredId.describe('quote currency id (3 = USDT)'), currency_id: requiredId.describe('base currency id') });

/** lever/submit. Fields arrive as text from old clients; the server gives each wrong one its own refusal. */
export const leverSubmitBody = z.object({
  legal_id: requiredId,
  currency_id: requiredId,
  multiple: optionalText(10).describe('one of the pair’s multiples (lever/deal multiple.muit)'),
  share: optionalText(20).describe('hands: a positive whole number within lever_share_limit'),
  type: optionalText(2).describe('1 long, 2 short'),
  status: optionalText(2).describe('1 market (at the mark), 0 limit (at target_price)'),
  target_price: optionalText(40).describe('limit mode: the mark at which the order opens; a long’s not above the current price, a short’s not below'),
});

/** lever/my_trade: status 1 holding, 0 pending, 3 closed, 4 revoked; the pair is optional. */
export const leverMyTradeBody = z.object({
  status: optionalWholeNumber.describe('1 holding (default), 0 pending, 3 closed, 4 revoked'),
  legal_id: optionalWholeNumber,
  currency_id: optionalWholeNumber,
  ...pageQuery,
});

/** lever/dealall: the caller's held positions of one pair. */
export const leverDealAllBody = z.object({ legal_id: requiredId, currency_id: requiredId, ...pageQuery });

/** lever/close and lever/cancel. */
export const leverIdBody = z.object({ id: requiredBigId });

/** lever/setstop: an empty or 0 price clears that level. */
export const leverSetStopBody = z.object({
  id: requiredBigId,
  target_profit_price: optionalText(40).describe('take-profit: a long’s above the current price, a short’s below; step 0.01'),
  stop_loss_price: optionalText(40).describe('stop-loss: a long’s below the current price, a short’s above; step 0.01'),
});

/** lever/batch_close: 0 all, 1 longs, 2 shorts. */
/** `type` is required: a call without it (a client's mistake) must not close every position. */
export const leverBatchCloseBody = z.object({
  type: optionalWholeNumber.pipe(z.union([z.literal(0), z.literal(1), z.literal(2)])).describe('required: 0 all, 1 longs, 2 shorts'),
});

/** transaction_complete, lever reading: `lever=1` with a page. */
export const leverCompleteBody = z.object({ lever: optionalWholeNumber, currency_id: optionalWholeNumber, legal_id: optionalWholeNumber, ...pageQuery });

/** A lever order or position as every list shows it. Amounts and prices are decimal text. */
export const leverTrade = z.object({
  id: z.int(),
  type: z.union([z.literal(1), z.literal(2)]).describe('1 long, 2 short'),
  status: z.union([z.literal(0), z.literal(1), z.literal(3), z.literal(4)]).describe('0 pending, 1 held, 3 closed, 4 revoked'),
  symbol: z.string(),
  legal_id: z.int(),
  currency_id: z.int(),
  legal: z.string().describe('quote currency name'),
  currency: z.string().describe('base currency name'),
  share: z.int().describe('hands'),
  multiple: z.int(),
  share_num: z.string().describe('contract size of one hand'),
  price: z.string().describe('open price (mark ± spread); for a pending order its entrust price (target ± spread)'),
  origin_price: z.string().describe('the mark at open; for a pending order its target'),
  update_price: z.string().describe('the current mark; for a closed position its close price'),
  target_profit_price: z.string().describe('take-profit, 0 when none'),
  stop_loss_price: z.string().describe('stop-loss, 0 when none'),
  caution_money: z.string().describe('margin held now'),
  origin_caution_money: z.string().describe('margin at open'),
  trade_fee: z.string(),
  overnight_money: z.string(),
  profits: z.string().describe('held: unrealised at the current mark; closed: realised'),
  transaction_time: z.string().describe('placed'),
  handle_time: z.string().describe('opened (empty while pending)'),
  complete_time: z.string().describe('closed or revoked (empty before)'),
  close_reason: z.string().describe('manual, batch, take_profit, stop_loss, liquidation; empty before close'),
});

/** An entry of the pair's order panel (lever/deal my_transaction): the caller's pending orders. */
export const leverOrderPanelEntry = z.object({
  id: z.int(),
  create_time: z.string(),
  currency_name: z.string(),
  legal_name: z.string(),
  type: z.union([z.literal(1), z.literal(2)]),
  total_number: z.int().describe('hands ordered'),
  price: z.string().describe('target price'),
  complete_number: z.int().describe('hands opened (0 while pending)'),
  number: z.int().describe('hands not yet opened'),
  total_money: z.string().describe('margin and fee locked'),
});

/**
 * A lever book row. Old clients read a row as the array `[price, number]`, spec-built ones by
 * field name: the row is an object carrying both, `"0"` and `"1"` being the price and number again.
 */
export const leverBookRow = bookEntry.extend({ 0: z.string().describe('the price again (row[0])'), 1: z.string().describe('the number again (row[1])') });

/** A choice of the lever form (a multiple or a quick hand size) as old clients read it: `item.value`. */
const leverChoice = z.object({ value: z.int() });

export const leverDeal = z.object({
  last_price: z.string(),
  ExRAte: z.string().describe('CNY per USDT'),
  lever_transaction: z.object({ in: z.array(leverBookRow).describe('bids, best first'), out: z.array(leverBookRow).describe('asks, best first') }),
  multiple: z.object({
    muit: z.array(leverChoice).describe('multiples offered, each as {value}'),
    share: z.array(leverChoice).describe('quick hand sizes, each as {value}'),
    muit_list: z.array(z.int()).describe('the same multiples as plain numbers'),
    share_list: z.array(z.int()).describe('the same quick hand sizes as plain numbers'),
  }),
  all_levers: z.string().describe('the caller’s lever balance of the quote currency, available and locked'),
  user_lever: z.string().describe('the caller’s available lever balance of the quote currency'),
  lever_share_limit: z.object({ min: z.int(), max: z.int().describe('0: no maximum') }),
  lever_share_num: z.string(),
  spread: z.string().describe('quote amount added to the mark for a buy, taken off for a sell'),
  lever_trade_fee: z.string().describe('percent of the contract value'),
  my_transaction: z.array(leverOrderPanelEntry),
});

export const leverTradePage = z.object({ data: z.array(leverTrade), total: z.int(), page: z.int(), pages: z.int() });

/** lever/my_trade replies `message.message.data` and `message.message.total`. */
export const leverMyTrade = z.object({ message: leverTradePage });
/** lever/dealall replies `message.order.data`. */
export const leverDealAll = z.object({ order: leverTradePage });

/** lever/risk: the caller's risk per quote currency (the contract management screen). */
export const leverRiskEntry = z.object({
  legal_id: z.int(),
  legal_name: z.string(),
  hazard_rate: z.string().describe('percent, 2 decimals floored; empty without held positions'),
  liquidation_rate: z.string().describe('percent: at or below it every position in this currency closes'),
  caution_money: z.string().describe('margin in use'),
  available: z.string(),
  equity: z.string().describe('available + margin + unrealised'),
  profits: z.string().describe('unrealised profit or loss'),
  liquidation_prices: z
    .array(z.object({ currency_id: z.int(), symbol: z.string(), price: z.string() }))
    .describe('per pair: the mark at which the positions would be liquidated, the other marks staying where they are'),
});
export const leverRisk = z.object({ list: z.array(leverRiskEntry) });

/** The `lever_trade` push, to its owner only. trades_all and trades_entrust are JSON text of leverTrade lists. */
export const leverTradePush = z.object({
  type: z.literal('lever_trade'),
  trades_all: z.string().describe('JSON text: held positions'),
  trades_entrust: z.string().describe('JSON text: pending orders'),
  hazard_rate: z.string().describe('risk rate percent of the quote currency of the change'),
  profits_all: z.string().describe('equity: available + margin + unrealised'),
  profits: z.string().describe('unrealised profit or loss of the held positions'),
});

export type LeverTradeItem = z.infer<typeof leverTrade>;
export type LeverDealReply = z.infer<typeof leverDeal>;
export type LeverRiskReply = z.infer<typeof leverRisk>;
export type LeverTradePush = z.infer<typeof leverTradePush>;
export type LeverSubmitInput = z.input<typeof leverSubmitBody>;
