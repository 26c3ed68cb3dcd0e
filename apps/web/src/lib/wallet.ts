import { PAY_PASSWORD_PATTERN, type MessageKey } from '@tessera/protocol';
import { compare, fixed, fromAtoms, isPositive, toAtoms } from './trading/decimal';

/**
 * The assets-area maths and checks (spec 3 §3–§5, §9): which balances each wallet lists, totals,
 * the 'all' amount, withdrawal fees and the client checks of the wallet forms. Amounts are decimal
 * text computed on bigint (`trading/decimal`), cut toward zero, never rounded.
 */

export type WalletName = 'legal' | 'change' | 'lever' | 'micro';
export const WALLET_NAMES: readonly WalletName[] = ['legal', 'change', 'lever', 'micro'];

/** Balances show 8 decimals, converted values 2 (spec 3 §9). */
export const BALANCE_DECIMALS = 8;
export const VALUE_DECIMALS = 2;
/** The transfer amount input's maximum and the smallest USDT transfer into the lever wallet. */
export const MAX_TRANSFER = '99999999';
export const MIN_LEVER_TRANSFER = '100';
export const USDT_ID = 3;

/** The balance item fields the filters and rows read (a subset of `wallet/list` balance items). */
export interface BalanceFields {
  currency: number;
  currency_name: string;
  is_legal: 0 | 1;
  is_match: 0 | 1;
  is_micro: 0 | 1;
  is_lever: 0 | 1;
  usdt_price: string;
  legal_balance: string;
  lock_legal_balance: string;
  change_balance: string;
  lock_change_balance: string;
  micro_balance: string;
  lock_micro_balance: string;
  lever_balance: string;
  lock_lever_balance: string;
}

/**
 * Whether a currency is listed in a wallet (spec 3 §2 "Wallet screens"): legal rows have
 * `is_legal`, change rows `is_match`, micro rows both `is_legal` and `is_micro`, lever rows `is_lever`.
 */
export function listedIn(item: Pick<BalanceFields, 'is_legal' | 'is_match' | 'is_micro' | 'is_lever'>, wallet: WalletName): boolean {
  switch (wallet) {
    case 'legal':
      return item.is_legal === 1;
    case 'change':
      return item.is_match === 1;
    case 'micro':
      return item.is_legal === 1 && item.is_micro === 1;
    case 'lever':
      return item.is_lever === 1;
  }
}

/** Available and frozen balance of one currency in one wallet. */
export function balanceOf(item: BalanceFields, wallet: WalletName): { available: string; frozen: string } {
  switch (wallet) {
    case 'legal':
      return { available: item.legal_balance, frozen: item.lock_legal_balance };
    case 'change':
      return { available: item.change_balance, frozen: item.lock_change_balance };
    case 'micro':
      return { available: item.micro_balance, frozen: item.lock_micro_balance };
    case 'lever':
      return { available: item.lever_balance, frozen: item.lock_lever_balance };
  }
}

export interface WalletRow {
  currency: number;
  name: string;
  /** 8 decimals, cut */
  available: string;
  frozen: string;
  usdtPrice: string;
}

/** The rows of one wallet's asset list: its listed currencies with their balances in that wallet. */
export function walletRows(items: readonly BalanceFields[], wallet: WalletName): WalletRow[] {
  return items
    .filter((item) => listedIn(item, wallet))
    .map((item) => {
      const { available, frozen } = balanceOf(item, wallet);
      return {
        currency: item.currency,
        name: item.currency_name,
        available: fixed(available, BALANCE_DECIMALS, '0.00000000'),
        frozen: fixed(frozen, BALANCE_DECIMALS, '0.00000000'),
        usdtPrice: item.usdt_price,
      };
    });
}

/** Every currency of the four groups once (the first item seen of each id). */
export function distinctItems<T extends { currency: number }>(groups: readonly { balance: readonly T[] }[]): T[] {
  const seen = new Map<number, T>();
  for (const group of groups) for (const item of group.balance) if (!seen.has(item.currency)) seen.set(item.currency, item);
  return [...seen.values()];
}

/** The sum of decimal texts, cut to `decimals`; non-numbers count as zero. */
export function sumDecimals(values: readonly string[], decimals: number): string {
  const total = values.reduce((sum, value) => sum + (toAtoms(value) ?? 0n), 0n);
  return fromAtoms(total, decimals);
}

/** Total assets in USDT (account centre): the four wallets' `usdt_totle` added exactly. */
export function totalAssets(list: Record<`${WalletName}_wallet`, { usdt_totle: string }>): string {
  return sumDecimals(
    WALLET_NAMES.map((wallet) => list[`${wallet}_wallet`].usdt_totle),
    VALUE_DECIMALS,
  );
}

/** A currency's holding across the four wallets (available + frozen of each), 8 decimals cut. */
export function holdingOf(item: BalanceFields): string {
  return sumDecimals(
    WALLET_NAMES.flatMap((wallet) => Object.values(balanceOf(item, wallet))),
    BALANCE_DECIMALS,
  );
}

/** (available + frozen) × USDT price, 2 decimals cut: the "converted" column. */
export function convertedValue(available: string, frozen: string, usdtPrice: string): string {
  const held = (toAtoms(available) ?? 0n) + (toAtoms(frozen) ?? 0n);
  const price = toAtoms(usdtPrice) ?? 0n;
  return fromAtoms((held * price) / 10n ** 18n, VALUE_DECIMALS);
}

/** Decimal text without trailing zeros after the point (`12.50000000` → `12.5`, `3.000` → `3`). */
export function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** What the 'all' link writes into an amount field: the available balance (8 decimals, cut), at most `max`. */
export function allAmount(available: string, max: string = MAX_TRANSFER): string {
  if (!isPositive(available)) return '0';
  const capped = compare(available, max) > 0 ? max : available;
  return trimZeros(fixed(capped, BALANCE_DECIMALS, '0'));
}

/** An amount field's text kept at most `max` (spec 3 §9: the transfer input stops at 99999999). */
export function capAmount(text: string, max: string = MAX_TRANSFER): string {
  return isPositive(text) && compare(text, max) > 0 ? max : text;
}

// ---- Checks ----

/**
 * Problems the server has no message key for: the screens show them with the assets texts
 * (`assets.problem.<key>`). Everything else is a server message key shown through apitip.
 */
export type LocalProblem = 'chooseCurrency' | 'chooseAddress' | 'addressSpaces' | 'memoFormat' | 'enterHash' | 'enterSource' | 'uploadProof';
export type Problem = MessageKey | { local: LocalProblem };

const local = (key: LocalProblem): Problem => ({ local: key });

export interface TransferCheckInput {
  amount: string;
  available: string;
  currencyId: number;
  from: WalletName;
  to: WalletName;
}

/** The transfer form (spec 3 §5): amount required, above zero, at most 99999999, 100 USDT into lever. */
export function checkTransfer({ amount, available, currencyId, from, to }: TransferCheckInput): Problem | undefined {
  if (currencyId <= 0) return local('chooseCurrency');
  if (from === to) return 'cannot transfer to the same wallet';
  if (!amount.trim()) return 'enter amount';
  if (toAtoms(amount) === null) return 'parameter error';
  if (!isPositive(amount)) return 'amount must be greater than zero';
  if (compare(amount, MAX_TRANSFER) > 0) return 'amount above maximum';
  if (to === 'lever' && currencyId === USDT_ID && compare(amount, MIN_LEVER_TRANSFER) < 0) return 'minimum amount not met';
  if (compare(amount, available) > 0) return 'insufficient balance';
  return undefined;
}

export type FeeMode = 'flat' | 'percent';

/**
 * The fee of a withdrawal (spec 3 §5): a flat `rate` in the change account, `amount × rate %` in
 * the micro account; 8 decimals, cut. Zero while the amount is not a number.
 */
export function withdrawFee(amount: string, rate: string, mode: FeeMode): string {
  const value = toAtoms(amount);
  const rateAtoms = toAtoms(rate) ?? 0n;
  if (mode === 'flat') return fromAtoms(rateAtoms, BALANCE_DECIMALS);
  if (value === null || value <= 0n) return fromAtoms(0n, BALANCE_DECIMALS);
  return fromAtoms((value * rateAtoms) / (100n * 10n ** 18n), BALANCE_DECIMALS);
}

/** Amount received = amount − fee, 8 decimals, never below zero. */
export function withdrawReceived(amount: string, fee: string): string {
  const value = toAtoms(amount) ?? 0n;
  const cost = toAtoms(fee) ?? 0n;
  const received = value - cost;
  return fromAtoms(received > 0n ? received : 0n, BALANCE_DECIMALS);
}

export interface WithdrawCheckInput {
  address: string;
  amount: string;
  min: string;
  max: string;
  available: string;
  fee: string;
  password: string;
}

export interface WithdrawProblems {
  address?: Problem;
  amount?: Problem;
  password?: Problem;
}

/** The withdraw form: an address chosen, an amount within the limits and the balance, a 6-digit fund password. */
export function checkWithdraw(input: WithdrawCheckInput): WithdrawProblems {
  const out: WithdrawProblems = {};
  if (!input.address) out.address = local('chooseAddress');
  const amount = input.amount.trim();
  if (!amount) out.amount = 'enter amount';
  else if (toAtoms(amount) === null) out.amount = 'parameter error';
  else if (!isPositive(amount)) out.amount = 'amount must be greater than zero';
  else if (isPositive(input.min) && compare(amount, input.min) < 0) out.amount = 'minimum amount not met';
  else if (isPositive(input.max) && compare(amount, input.max) > 0) out.amount = 'amount above maximum';
  else if (compare(amount, input.available) > 0) out.amount = 'insufficient balance';
  else if (compare(amount, input.fee) <= 0) out.amount = 'minimum amount not met';
  if (!input.password) out.password = 'enter password';
  else if (!PAY_PASSWORD_PATTERN.test(input.password)) out.password = 'payment password must be 6 digits';
  return out;
}

export interface ManualDepositCheckInput {
  hash: string;
  source: string;
  amount: string;
  proofUrl: string;
}

export interface ManualDepositProblems {
  hash?: Problem;
  source?: Problem;
  amount?: Problem;
  proof?: Problem;
}

/** The manual deposit: hash, source account, an amount above zero and the uploaded proof (spec 3 §5). */
export function checkManualDeposit(input: ManualDepositCheckInput): ManualDepositProblems {
  const out: ManualDepositProblems = {};
  if (!input.hash.trim()) out.hash = local('enterHash');
  if (!input.source.trim()) out.source = local('enterSource');
  const amount = input.amount.trim();
  if (!amount) out.amount = 'enter amount';
  else if (toAtoms(amount) === null) out.amount = 'parameter error';
  else if (!isPositive(amount)) out.amount = 'amount must be greater than zero';
  if (!input.proofUrl) out.proof = local('uploadProof');
  return out;
}

/** A memo tag: optional; when given, letters and digits only. */
export const MEMO_PATTERN = /^[A-Za-z0-9]+$/;

export function checkMemo(memo: string): Problem | undefined {
  if (memo === '') return undefined;
  return MEMO_PATTERN.test(memo) ? undefined : local('memoFormat');
}

export interface AddressCheckInput {
  currencyId: number;
  address: string;
  memo: string;
}

export interface AddressProblems {
  currency?: Problem;
  address?: Problem;
  memo?: Problem;
}

/**
 * The add-address form (spec 3 §5): a currency chosen, an address that is not empty and has no
 * spaces (kept verbatim, not trimmed, as the server does), a memo of letters and digits.
 */
export function checkAddressForm({ currencyId, address, memo }: AddressCheckInput): AddressProblems {
  const out: AddressProblems = {};
  if (currencyId <= 0) out.currency = local('chooseCurrency');
  if (address === '') out.address = 'enter address';
  else if (/\s/.test(address)) out.address = local('addressSpaces');
  const memoProblem = checkMemo(memo);
  if (memoProblem) out.memo = memoProblem;
  return out;
}

export const hasProblems = (problems: object): boolean => Object.values(problems).some((value) => value !== undefined);

// ---- Deposits, withdrawals and networks ----

/** Spec 3 §9: deposits of BTC, USDT, ETH and USDC; withdrawals of BTC, USDT and ETH. */
export const DEPOSIT_CURRENCIES = ['BTC', 'USDT', 'ETH', 'USDC'] as const;
export const WITHDRAW_CURRENCIES = ['BTC', 'USDT', 'ETH'] as const;

interface CurrencyFlags {
  id: number;
  can_deposit: 0 | 1;
  can_withdraw: 0 | 1;
}

/**
 * Whether a currency may be deposited: the server's `wallet/currencylist` flag when it was read,
 * else the spec's list — and never outside the spec's list.
 */
export function canDeposit(currency: { id: number; name: string }, flags?: readonly CurrencyFlags[]): boolean {
  if (!(DEPOSIT_CURRENCIES as readonly string[]).includes(currency.name.toUpperCase())) return false;
  const flag = flags?.find((item) => item.id === currency.id);
  return flag ? flag.can_deposit === 1 : true;
}

export function canWithdraw(currency: { id: number; name: string }, flags?: readonly CurrencyFlags[]): boolean {
  if (!(WITHDRAW_CURRENCIES as readonly string[]).includes(currency.name.toUpperCase())) return false;
  const flag = flags?.find((item) => item.id === currency.id);
  return flag ? flag.can_withdraw === 1 : true;
}

/** USDT networks; `active` on the wire: 0 ERC20, 1 TRC20. */
export type UsdtNetwork = 'trc20' | 'erc20';
export const USDT_NETWORKS: readonly UsdtNetwork[] = ['trc20', 'erc20'];
export const networkActive = (network: UsdtNetwork): '0' | '1' => (network === 'trc20' ? '1' : '0');
export const networkOfActive = (active: number): UsdtNetwork => (active === 1 ? 'trc20' : 'erc20');

/** Whether a currency's deposits and withdrawals offer the TRC20/ERC20 choice. */
export const hasNetworks = (name: string): boolean => name.toUpperCase() === 'USDT';

export interface DepositAddressFields {
  btc: string;
  eth: string;
  usdt: string;
  erc: string;
  usdt_erc20: string;
  list: readonly { id: number; type: string; address: string }[];
}

export interface DepositTarget {
  /** `trc20` / `erc20` for USDT, `''` for a currency with one network */
  network: UsdtNetwork | '';
  address: string;
}

/**
 * The deposit addresses of one currency (`wallet/get_in_addresss`): USDT has a TRC20 (`usdt`) and
 * an ERC20 (`erc`) address, BTC its own, ETH and USDC the Ethereum address. The `list` entries of
 * the currency win over the named fields.
 */
export function depositTargets(reply: DepositAddressFields, currency: { id: number; name: string }): DepositTarget[] {
  const name = currency.name.toUpperCase();
  const listed = reply.list.filter((entry) => entry.id === currency.id && entry.address);
  if (hasNetworks(name)) {
    const pick = (network: UsdtNetwork, fallback: string) =>
      listed.find((entry) => entry.type.toUpperCase().includes(network.toUpperCase()))?.address || fallback;
    return [
      { network: 'trc20' as const, address: pick('trc20', reply.usdt) },
      { network: 'erc20' as const, address: pick('erc20', reply.erc || reply.usdt_erc20) },
    ].filter((target) => target.address !== '');
  }
  const fromList = listed[0]?.address;
  const named = name === 'BTC' ? reply.btc : name === 'ETH' || name === 'USDC' ? reply.eth : '';
  const address = fromList || named;
  return address ? [{ network: '', address }] : [];
}

/** Saved addresses usable for a withdrawal: the currency's, and for USDT only the chosen network's. */
export function addressesFor<T extends { currency: number; active: number }>(
  addresses: readonly T[],
  currency: { id: number; name: string },
  network: UsdtNetwork,
): T[] {
  return addresses.filter(
    (address) => address.currency === currency.id && (!hasNetworks(currency.name) || networkOfActive(address.active) === network),
  );
}

/** CNY per USDT read from the quotation board: the USDT-quoted pair with the highest price (least rounding). */
export function usdtCnyRate(items: readonly { legal_name: string; now_price: string; cny_price: string }[]): string | null {
  let best: { price: bigint; cny: bigint } | null = null;
  for (const item of items) {
    if (item.legal_name.toUpperCase() !== 'USDT') continue;
    const price = toAtoms(item.now_price);
    const cny = toAtoms(item.cny_price);
    if (price === null || cny === null || price <= 0n || cny <= 0n) continue;
    if (!best || price > best.price) best = { price, cny };
  }
  if (!best) return null;
  return fromAtoms((best.cny * 10n ** 18n) / best.price, 8);
}

/** USDT × rate, 2 decimals cut; `null` without a rate. */
export function cnyValue(usdt: string, rate: string | null): string | null {
  if (rate === null) return null;
  const value = toAtoms(usdt);
  const per = toAtoms(rate);
  if (value === null || per === null) return null;
  return fromAtoms((value * per) / 10n ** 18n, VALUE_DECIMALS);
}

/** The name of a record's status code, read from the protocol's name → code map (unknown codes: `fallback`). */
export function statusName<Name extends string>(codes: Record<Name, number>, code: number, fallback: Name): Name {
  return (Object.keys(codes) as Name[]).find((name) => codes[name] === code) ?? fallback;
}
