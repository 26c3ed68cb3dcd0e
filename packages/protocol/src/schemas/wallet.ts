import { z } from 'zod';
import { cacheBusting, optionalText, optionalWholeNumber, pageQuery } from './form';

export const WALLET_FIELDS = ['legal', 'change', 'lever', 'micro'] as const;

export const walletBalanceItem = z.object({
  currency: z.int(),
  currency_name: z.string(),
  currency_type: z.string(),
  is_legal: z.union([z.literal(0), z.literal(1)]),
  is_match: z.union([z.literal(0), z.literal(1)]),
  is_micro: z.union([z.literal(0), z.literal(1)]),
  is_lever: z.union([z.literal(0), z.literal(1)]),
  usdt_price: z.string(),
  legal_balance: z.string(),
  lock_legal_balance: z.string(),
  change_balance: z.string(),
  lock_change_balance: z.string(),
  micro_balance: z.string(),
  lock_micro_balance: z.string(),
  lever_balance: z.string(),
  lock_lever_balance: z.string(),
});

const walletGroup = z.object({ balance: z.array(walletBalanceItem), usdt_totle: z.string() });

export const walletList = z.object({
  change_wallet: walletGroup,
  legal_wallet: walletGroup.extend({ totle: z.string().describe('the legal wallet in CNY') }),
  lever_wallet: walletGroup,
  micro_wallet: walletGroup,
  is_open_CTbi: z.union([z.literal(0), z.literal(1)]).describe('1 when deposits and withdrawals are open'),
  systembi: z.string().describe('the platform token'),
});

export const walletListQuery = z.object({ user_id: optionalWholeNumber.describe('ignored: the caller’s own wallets'), ...cacheBusting });

export const walletChangeBody = z.object({
  number: optionalText(40),
  currency_id: optionalWholeNumber,
  type: optionalText(32).describe('old form: "<from>_<to>", e.g. change_lever'),
  from_field: optionalText(16).describe('legal, change, lever or micro'),
  to_field: optionalText(16),
});

export const transferHistoryItem = z.object({
  type: z.string().describe('"<from>_<to>"'),
  from_field: z.string(),
  to_field: z.string(),
  currency_name: z.string(),
  number: z.string(),
  add_time: z.string(),
});
export const transferHistoryBody = z.object({ ...pageQuery });
