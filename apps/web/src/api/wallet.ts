import type {
  AccountLogPage,
  AddAddressRequestInput,
  ChargeRequestInput,
  CompanyAddresses,
  DepositAddresses,
  DepositRecord,
  Lang,
  SavedAddress,
  TransferHistoryItem,
  WalletBalanceItem,
  WalletCurrency,
  WalletDetail,
  WalletList,
  WalletLogItem,
  WalletLogPage,
  WithdrawalRecord,
  WithdrawInfo,
  WithdrawRequestInput,
  Wallet as WalletName,
  WalletChangeRequestInput,
} from '@tessera/protocol';
import { WALLET_LOG_TYPE } from '@tessera/protocol';
import { call, upload, type RequestOptions } from './client';
import type { Paged } from './endpoints';

/** Reply shapes of the wallet calls, from the protocol's schemas. */
export type {
  AccountLogPage,
  CompanyAddresses,
  DepositAddresses,
  DepositRecord,
  SavedAddress,
  TransferHistoryItem,
  WalletBalanceItem,
  WalletCurrency,
  WalletDetail,
  WalletList,
  WalletLogItem,
  WalletLogPage,
  WithdrawalRecord,
  WithdrawInfo,
};

/** The four wallets by their wire names (`from_field`, `to_field`, `wallet/detail` type). */
export type { WalletName };

/** `wallet/legal_log` type of each wallet. */
export { WALLET_LOG_TYPE };

/** `wallet/change`: an amount of one currency from one of the caller's wallets to another. */
export type TransferInput = Required<Pick<WalletChangeRequestInput, 'currency_id' | 'number'>> & { from_field: WalletName; to_field: WalletName };

/** `wallet/charge_req`: a manual deposit with its proof image (already uploaded). */
export type ManualDepositInput = Required<Pick<ChargeRequestInput, 'currency' | 'acc' | 'hash' | 'amount' | 'pic'>> &
  Pick<ChargeRequestInput, 'active'>;

/** `wallet/out`: the server computes the fee itself (`rate` and `charge` are not sent). */
export type WithdrawInput = Required<Pick<WithdrawRequestInput, 'currency' | 'number' | 'address' | 'pay_password'>> & {
  type: 'change' | 'micro';
  active?: '0' | '1';
  /** the authenticator code, once one is bound */
  google_code?: string;
};

export type AddAddressInput = Required<Pick<AddAddressRequestInput, 'currency_id' | 'address'>> &
  Pick<AddAddressRequestInput, 'notes' | 'memo' | 'active' | 'lang' | 'google_code'>;

export interface PageInput {
  page: number;
  limit: number;
}

const pagedFromAccountLog = ({ data, page, pages, total }: AccountLogPage): Paged<WalletLogItem> => ({ list: data, page, pages, total });

/**
 * The contract names the items of `wallet/get_address` (`savedAddress`) but not the reply's shape:
 * a bare array is expected; `{list}` and `{data}` are read too.
 */
function addressList(message: unknown): SavedAddress[] {
  if (Array.isArray(message)) return message as SavedAddress[];
  if (typeof message === 'object' && message !== null) {
    const inner = (message as { list?: unknown; data?: unknown }).list ?? (message as { data?: unknown }).data;
    if (Array.isArray(inner)) return inner as SavedAddress[];
  }
  return [];
}

/** The assets area: wallets, transfers, records, deposits, withdrawals and saved addresses; every call needs the session. */
export const walletApi = {
  list: (options?: RequestOptions) => call<WalletList>('POST', 'wallet/list', {}, options),
  /** Moves an amount between two of the caller's wallets. */
  transfer: (input: TransferInput, options?: RequestOptions) => call<string>('POST', 'wallet/change', { ...input }, options),
  transferHistory: (input: PageInput, options?: RequestOptions) =>
    call<Paged<TransferHistoryItem>>('POST', 'wallet/hzhistory', { ...input }, options),
  currencies: (options?: RequestOptions) => call<WalletCurrency[]>('GET', 'wallet/currencylist', {}, options),
  detail: (input: { currency: number; type: WalletName }, options?: RequestOptions) =>
    call<WalletDetail>('POST', 'wallet/detail', { ...input }, options),
  /** Ledger entries of one wallet (`type` 1 legal, 2 change, 3 lever, 4 micro), optionally one currency. */
  log: (input: PageInput & { wallet: WalletName; currency?: number }, options?: RequestOptions): Promise<Paged<WalletLogItem>> =>
    call<WalletLogPage>(
      'POST',
      'wallet/legal_log',
      { type: WALLET_LOG_TYPE[input.wallet], currency: input.currency, page: input.page, limit: input.limit },
      options,
    ),
  /** Ledger entries of every wallet (`account/list`, 20 a page). */
  accountLog: async (input: PageInput, options?: RequestOptions) =>
    pagedFromAccountLog(await call<AccountLogPage>('POST', 'account/list', { ...input }, options)),
  depositAddresses: (input: { currency: number; lang: Lang }, options?: RequestOptions) =>
    call<DepositAddresses>('POST', 'wallet/get_in_addresss', { ...input }, options),
  /** The company's addresses for manual deposits (`money/rechange`). */
  companyAddresses: (options?: RequestOptions) => call<CompanyAddresses>('GET', 'money/rechange', {}, options),
  /** Uploads the proof image of a manual deposit; resolves with its URL. */
  uploadProof: (file: File, options?: RequestOptions) => upload<string>('upload', file, file.name, options),
  manualDeposit: (input: ManualDepositInput, options?: RequestOptions) =>
    call<string>('POST', 'wallet/charge_req', { ...input }, options),
  depositRecords: (input: PageInput & { currency?: number }, options?: RequestOptions) =>
    call<Paged<DepositRecord>>('POST', 'wallet/charge_log', { ...input }, options),
  withdrawInfo: (input: { currency: number; type: 'change' | 'micro'; lang: Lang }, options?: RequestOptions) =>
    call<WithdrawInfo>('POST', 'wallet/get_info', { ...input }, options),
  withdraw: (input: WithdrawInput, options?: RequestOptions) => call<string>('POST', 'wallet/out', { ...input }, options),
  withdrawalRecords: (input: PageInput & { currency?: number }, options?: RequestOptions) =>
    call<Paged<WithdrawalRecord>>('POST', 'wallet/out_log', { ...input }, options),
  /** The caller's saved withdrawal addresses, optionally of one currency. */
  addresses: async (input: { currency?: number }, options?: RequestOptions): Promise<SavedAddress[]> =>
    addressList(await call<unknown>('POST', 'wallet/get_address', { ...input }, options)),
  addAddress: (input: AddAddressInput, options?: RequestOptions) => call<string>('POST', 'wallet/addaddress', { ...input }, options),
  deleteAddress: (addressId: number, options?: RequestOptions) =>
    call<string>('POST', 'wallet/deladdress', { address_id: addressId }, options),
};
