import { z } from 'zod';
import { cacheBusting, optionalText, optionalWholeNumber, pageQuery, pagedSchema, requiredId } from './form';
import { googleCode } from './protection';

export const walletBalanceItem = z.object({
  id: z.int().describe('the entry\'s id: the currency id, as `currency`'),
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

// ---- Records, detail and currency list ----

const flagSchema = z.union([z.literal(0), z.literal(1)]);

/** wallet/currencylist: every displayed currency and what the assets area may do with it. */
export const walletCurrencyItem = z.object({
  id: z.int(),
  name: z.string(),
  currency_type: z.string(),
  is_legal: flagSchema,
  is_match: flagSchema,
  is_micro: flagSchema,
  is_lever: flagSchema,
  can_deposit: flagSchema.describe('only BTC, USDT, ETH and USDC may be deposited'),
  can_withdraw: flagSchema.describe('only BTC, USDT and ETH may be withdrawn'),
});

/** currency/user_currency_list: the currency items with the caller's available balance in each wallet. */
export const userCurrencyItem = walletCurrencyItem.extend({
  wallet: z
    .object({ legal_balance: z.string(), change_balance: z.string(), micro_balance: z.string(), lever_balance: z.string() })
    .describe('the caller\'s available balance of the currency in each wallet (the transfer form\'s "usable")'),
});

export const walletDetailBody = z.object({
  currency: optionalWholeNumber,
  currency_id: optionalWholeNumber.describe('alias of currency'),
  type: optionalText(16).describe('legal, change, micro or lever; default change'),
  ...cacheBusting,
});
/** wallet/detail: one wallet of one currency. */
export const walletDetail = z.object({
  currency: z.int(),
  currency_name: z.string(),
  type: z.string(),
  balance: z.string().describe('available, 8 decimals floored'),
  lock_balance: z.string().describe('frozen'),
  usdt_price: z.string(),
  cny_price: z.string().describe('CNY value of available + frozen, 2 decimals floored'),
});

/** One ledger entry as the record panels show it. */
export const walletLogItem = z.object({
  id: z.int(),
  value: z.string().describe('signed change of the available balance'),
  lock_value: z.string().describe('signed change of the frozen balance'),
  info: z.string().describe('what the change was (translated)'),
  reason: z.string().describe('machine name: transfer, deposit, withdrawal, withdrawal_freeze, spot_trade, ...'),
  created_time: z.string(),
  account: z.string().describe('the wallet: legal, change, lever or micro'),
  currency: z.int(),
  currency_name: z.string(),
});
export const walletLogBody = z.object({
  type: optionalText(8).describe('1 legal, 2 change, 3 or "lever" lever, 4 micro'),
  currency: optionalWholeNumber.describe('a currency id; absent for all'),
  ...pageQuery,
});
export const walletLogPage = z.object({ list: z.array(walletLogItem), page: z.int(), pages: z.int(), total: z.int() });
/** account/list: the same entries, every wallet, 20 a page, under `data`. */
export const accountLogBody = z.object({ ...pageQuery });
export const accountLogPage = z.object({ data: z.array(walletLogItem), page: z.int(), pages: z.int(), total: z.int() });

// ---- Deposits ----

export const depositAddressBody = z.object({ currency: optionalWholeNumber, lang: optionalText(8), ...cacheBusting });
/** wallet/get_in_address(s): the caller's own deposit addresses, derived from the operator's keys. */
export const depositAddresses = z.object({
  address: z
    .string()
    .describe('old deposit screens read this: CHAIN:address pairs joined by commas (ERC20:0x…,TRC20:T…), the networks of the named currency, else all'),
  btc: z.string().describe('bech32 (P2WPKH)'),
  eth: z.string().describe('EIP-55; also receives USDT-ERC20'),
  usdt: z.string().describe('TRON base58check: USDT-TRC20'),
  erc: z.string().describe('USDT-ERC20, the same as eth'),
  usdt_erc20: z.string().describe('older name of erc'),
  list: z.array(z.object({ id: z.int().describe('currency id'), type: z.string().describe('BTC, ETH, USDT-TRC20, USDT-ERC20, USDC-ERC20'), address: z.string() })),
});
/** money/rechange: the company's addresses for manual deposits. */
export const companyAddresses = z.object({
  company_eth_address: z.string(),
  company_btc_address: z.string(),
  company_trc20_address: z.string(),
  list: z.array(
    z.object({ currency_id: z.int(), title: z.string(), address: z.string(), qrcode: z.string().describe('URL of a QR image'), tips: z.string() }),
  ),
});
export const companyAddressQuery = z.object({ user_id: optionalWholeNumber, ...cacheBusting });

/** wallet/charge_req: a manual deposit: the transfer's hash and a proof image (from POST upload). */
export const chargeRequestBody = z.object({
  currency: optionalWholeNumber,
  acc: optionalText(128).describe('the account or address the money came from'),
  hash: optionalText(128).describe('the transaction hash'),
  amount: optionalText(40),
  pic: optionalText(256).describe('the image URL answered by POST upload'),
  recharge_type: optionalText(16).describe('ignored: always manual'),
  type: optionalText(16).describe('ignored: deposits reach the change wallet'),
  active: optionalText(4).describe('USDT network: 0 ERC20, 1 TRC20'),
  address: optionalText(128).describe('where the money was sent: only the company address (the default) is accepted'),
  index: optionalWholeNumber.describe('the output of the transaction that paid it: UTXO output index or token-transfer log index (default 0)'),
});

export const DEPOSIT_STATUS = { pending: 0, confirmed: 1, rejected: 2 } as const;
export const depositRecord = z.object({
  id: z.int(),
  currency: z.int(),
  currency_name: z.string(),
  network: z.string(),
  amount: z.string(),
  hash: z.string(),
  status: z.int().describe('0 pending, 1 confirmed (credited), 2 rejected'),
  source: z.string().describe('manual (proof image) or chain (watcher)'),
  created_time: z.string(),
});
export const depositRecordPage = pagedSchema(depositRecord);

// ---- Withdrawals ----

export const withdrawInfoBody = z.object({
  currency: optionalWholeNumber,
  lang: optionalText(8),
  type: optionalText(16).describe('change (default) or micro'),
  ...cacheBusting,
});
export const savedAddress = z.object({
  id: z.int(),
  currency: z.int(),
  currency_name: z.string(),
  address: z.string(),
  notes: z.string(),
  memo: z.string(),
  active: flagSchema.describe('USDT network: 0 ERC20, 1 TRC20'),
  usable_at: z.string().nullable().optional().describe('while the allow-list is on, a new address is usable from this time (ISO); null: at once'),
});
/** wallet/get_info: limits and fee of a withdrawal, and the caller's saved addresses. */
export const withdrawInfo = z.object({
  name: z.string(),
  type: z.string().describe('change or micro'),
  change_balance: z.string().optional(),
  micro_balance: z.string().optional(),
  legal_balance: z.string().optional(),
  min_number: z.string(),
  max_number: z.string(),
  day_limit: z.string(),
  day_used: z.string().describe('withdrawn today (Asia/Shanghai day), pending ones included'),
  rate: z.string().describe('change: a flat fee in the currency; micro: a percent of the amount'),
  fee_mode: z.enum(['flat', 'percent']),
  address: z.array(savedAddress),
  level_day_limit_usdt: z.string().optional().describe('the daily withdrawal limit of the caller’s identity level, in USDT value; 0: none'),
  level_day_used_usdt: z.string().optional().describe('what the caller applied to withdraw today, in USDT value'),
  allow_list: z.union([z.literal(0), z.literal(1)]).optional().describe('1: only saved addresses past their waiting period may be used'),
});
export const withdrawBody = z.object({
  currency: optionalWholeNumber,
  number: optionalText(40),
  address: optionalText(128),
  rate: optionalText(40).describe('ignored: the server computes the fee'),
  charge: optionalText(40).describe('ignored: the server computes the fee'),
  type: optionalText(16).describe('change (default) or micro'),
  active: optionalText(4).describe('USDT network when the address is not saved: 0 ERC20, 1 TRC20'),
  pay_password: optionalText(32),
  google_code: googleCode,
});

export const WITHDRAWAL_STATUS = { applying: 1, approved: 2, success: 3, failed: 4, rejected: 5, in_station: 6 } as const;
export const withdrawalRecord = z.object({
  id: z.int(),
  currency: z.int(),
  currency_name: z.string(),
  account: z.string().describe('the wallet it left: change or micro'),
  number: z.string(),
  fee: z.string(),
  received: z.string(),
  address: z.string(),
  network: z.string(),
  status: z.int().describe('1 applying, 2 approved (waiting for chain), 3 chain success, 4 chain failure (refunded), 5 rejected (refunded), 6 in-station success (to another user\'s deposit address, settled without the chain)'),
  tx_hash: z.string(),
  created_time: z.string(),
});
export const withdrawalRecordPage = pagedSchema(withdrawalRecord);
export const recordListBody = z.object({ currency: optionalWholeNumber, ...pageQuery });

/** charge_mention/log: the caller's deposits and withdrawals together, newest first. */
export const chainRecordQuery = z.object({ ...pageQuery, ...cacheBusting });
export const chainRecord = z.object({
  id: z.int().describe('the deposit request id or the withdrawal id (see kind)'),
  kind: z.enum(['deposit', 'withdrawal']),
  currency: z.int(),
  currency_name: z.string(),
  value: z.string().describe('signed decimal text: + credited or awaiting credit, - withdrawn (fee included)'),
  fee: z.string(),
  info: z.string().describe('deposit or withdrawal, in the language of the request'),
  transaction_info: z.string().describe('pending, completed, rejected or failed, in the language of the request'),
  status: z.int().describe('the status code of the deposit (0, 1, 2) or withdrawal (1 to 6) lists'),
  network: z.string(),
  address: z.string().describe('withdrawals: where it was sent'),
  hash: z.string(),
  created_time: z.string(),
});
export const chainRecordPage = z.object({ data: z.array(chainRecord), page: z.int(), pages: z.int(), total: z.int() });
export type ChainRecord = z.infer<typeof chainRecord>;

// ---- Saved addresses ----

export const getAddressBody = z.object({ currency: optionalWholeNumber, ...cacheBusting });
export const addAddressBody = z.object({
  currency_id: optionalWholeNumber,
  charge: optionalText(40).describe('ignored'),
  address: z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(128)).optional().describe('kept verbatim: spaces are refused, not trimmed'),
  lang: optionalText(8),
  active: optionalText(4).describe('USDT network: 0 ERC20, 1 TRC20'),
  notes: optionalText(64),
  memo: z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(64)).optional().describe('tag for networks that need one: letters and digits'),
  google_code: googleCode,
});
export const deleteAddressBody = z.object({ address_id: requiredId });

// Types of the replies and bodies, for clients (the web app imports types, never zod).
export type WalletList = z.infer<typeof walletList>;
export type WalletBalanceItem = z.infer<typeof walletBalanceItem>;
export type WalletCurrency = z.infer<typeof walletCurrencyItem>;
export type WalletDetail = z.infer<typeof walletDetail>;
export type WalletLogItem = z.infer<typeof walletLogItem>;
export type WalletLogPage = z.infer<typeof walletLogPage>;
export type AccountLogPage = z.infer<typeof accountLogPage>;
export type TransferHistoryItem = z.infer<typeof transferHistoryItem>;
export type DepositAddresses = z.infer<typeof depositAddresses>;
export type CompanyAddresses = z.infer<typeof companyAddresses>;
export type DepositRecord = z.infer<typeof depositRecord>;
export type WithdrawInfo = z.infer<typeof withdrawInfo>;
export type SavedAddress = z.infer<typeof savedAddress>;
export type WithdrawalRecord = z.infer<typeof withdrawalRecord>;
export type ChargeRequestInput = z.input<typeof chargeRequestBody>;
export type WithdrawRequestInput = z.input<typeof withdrawBody>;
export type AddAddressRequestInput = z.input<typeof addAddressBody>;
export type WalletChangeRequestInput = z.input<typeof walletChangeBody>;
