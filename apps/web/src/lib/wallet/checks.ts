import { PAY_PASSWORD_PATTERN, type MessageKey } from '@tessera/protocol';
import { compare, isPositive, toAtoms } from '../trading/decimal';
import { MAX_TRANSFER, MIN_LEVER_TRANSFER, USDT_ID } from './limits';
import type { WalletName } from './wallets';

/**
 * The client checks of the wallet forms (transfer, withdraw, manual deposit, saved address). They
 * mirror the server's and answer with its message keys; the server checks again anyway.
 */

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

/** The transfer form: amount required, above zero, at most 99999999, at least 100 USDT into lever, within the balance. */
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

/** The manual deposit: hash, source account, an amount above zero and the uploaded proof. */
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
 * The add-address form: a currency chosen, an address that is not empty and has no
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

