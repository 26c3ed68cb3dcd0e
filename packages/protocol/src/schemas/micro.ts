import { z } from 'zod';
import { cacheBusting, optionalText, optionalWholeNumber, pageQuery, requiredId } from './form';

/** 1 up, 2 down, as a number or as digits. */
const direction = z
  .union([z.literal(1), z.literal(2), z.enum(['1', '2'])])
  .transform((value) => Number(value) as 1 | 2)
  .describe('1 up, 2 down');

/** microtrade/submit: a stake on the pair's price being up or down after `seconds`. */
export const microSubmitBody = z.object({
  match_id: requiredId.describe('the pair (currency_pairs id)'),
  currency_id: requiredId.describe('the currency staked, from the micro wallet'),
  type: direction,
  seconds: optionalWholeNumber.describe('one of the offered durations (microtrade/seconds)'),
  number: optionalText(40).describe('the stake: a whole multiple of the stake step, within the minimum and maximum'),
});

/** microtrade/lists: the caller's contracts, running (1) or closed (3). */
export const microListQuery = z.object({
  status: z
    .union([z.literal(1), z.literal(3), z.enum(['1', '3'])])
    .transform((value) => Number(value) as 1 | 3)
    .optional()
    .describe('1 running (default), 3 closed'),
  match_id: optionalWholeNumber.describe('only contracts on this pair'),
  ...pageQuery,
  ...cacheBusting,
});

export const microSecondsOption = z.object({ seconds: z.int(), profit_ratio: z.string().describe('percent of the stake a win pays on top of it') });

export const microPayableCurrency = z.object({
  id: z.int(),
  name: z.string(),
  micro_numbers: z.array(z.object({ number: z.string() })).describe('quick stakes'),
  micro_trade_fee: z.string().describe('fee, percent of the stake, charged at the opening'),
  micro_min: z.string(),
  micro_max: z.string(),
  micro_multiple: z.string().describe('stakes are whole multiples of this'),
  user_wallet: z
    .object({
      micro_balance: z.string(),
      lock_micro_balance: z.string(),
      micro_with_insurance: z.string().describe('the balance a stake can use: with insurance off, the available micro balance'),
      insurance_balance: z.string(),
    })
    .nullable()
    .describe('the caller’s micro wallet in this currency; null for visitors'),
  insurance_types: z.array(z.object({ id: z.int(), name: z.string() })).describe('empty: insurance is not offered'),
  user_insurance: z.object({ insurance_type_id: z.int() }).nullable(),
});

export const microOrder = z.object({
  id: z.int(),
  match_id: z.int(),
  symbol_name: z.string(),
  seconds: z.int(),
  number: z.string(),
  currency_id: z.int(),
  currency_name: z.string(),
  open_price: z.string(),
  end_price: z.string().describe('empty while running'),
  type: z.union([z.literal(1), z.literal(2)]),
  status: z.union([z.literal(1), z.literal(3)]),
  profit_ratio: z.string(),
  fact_profits: z.string().describe('the profit of a win, minus the stake of a loss, 0 for a tie; empty while running'),
  fee: z.string(),
  remain_milli_seconds: z.int(),
  created_at: z.string(),
  handled_at: z.string().describe('when it was settled; empty while running'),
});

export const microOrderPage = z.object({ data: z.array(microOrder), page: z.int(), pages: z.int(), total: z.int() });

/** The payload of the private push `closed_microorder`. */
export const closedMicroOrderPush = z.object({ type: z.literal('closed_microorder'), to: z.int(), data: microOrder });

/** The public push `updateKLine`: a pair's latest close. */
export const updateKLinePush = z.object({
  type: z.literal('updateKLine'),
  match_id: z.int(),
  currency_id: z.int(),
  legal_id: z.int(),
  symbol: z.string(),
  close: z.string(),
  time: z.int(),
});

export type MicroSubmitInput = z.input<typeof microSubmitBody>;
export type MicroSecondsOption = z.output<typeof microSecondsOption>;
export type MicroPayableCurrency = z.output<typeof microPayableCurrency>;
export type MicroOrder = z.output<typeof microOrder>;
export type MicroOrderPage = z.output<typeof microOrderPage>;
export type ClosedMicroOrderPush = z.output<typeof closedMicroOrderPush>;
export type UpdateKLinePush = z.output<typeof updateKLinePush>;
