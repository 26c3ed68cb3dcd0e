import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  walletApi,
  type AddAddressInput,
  type ManualDepositInput,
  type Paged,
  type TransferInput,
  type WalletName,
  type WithdrawInput,
} from '../../api';
import { currentLang } from '../../app/preferences';
import { allPairs } from '../../lib/trading/market';
import { usdtCnyRate } from '../../lib/wallet';
import { useSession } from '../auth';
import { useMarketFeed, useQuotations } from '../market';
import { useBalanceRefresh } from '../spot';

/**
 * Every query of the assets area lives under `['wallet']`: an `update_balance` push (and a
 * reconnection of the feed) refetches them all, like the spot desk's (spot/queries).
 */
export const WALLET_KEY = ['wallet'] as const;

/** Page size of the record panels and the 'more' lists. */
export const RECORDS_PAGE = 10;
/** The account log shows 20 a page. */
export const ACCOUNT_LOG_PAGE = 20;

/** Keeps the realtime connection open on an assets screen and refetches balances on its pushes. */
export function useWalletLive(): void {
  useMarketFeed();
  useBalanceRefresh();
}

function useToken() {
  return useSession((state) => state.token);
}

/** `wallet/list`: the four wallets, `is_open_CTbi` and `systembi`. */
export function useWallets() {
  const token = useToken();
  return useQuery({
    queryKey: [...WALLET_KEY, 'list', token],
    queryFn: ({ signal }) => walletApi.list({ signal }),
    enabled: token !== null,
  });
}

/** `wallet/currencylist`: what may be deposited and withdrawn (changes rarely). */
export function useWalletCurrencies() {
  const token = useToken();
  return useQuery({
    queryKey: [...WALLET_KEY, 'currencies', token],
    queryFn: ({ signal }) => walletApi.currencies({ signal }),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

/** CNY per USDT from the public quotation board; `null` until a USDT pair has a price. */
export function useUsdtCnyRate(): string | null {
  const quotations = useQuotations();
  return useMemo(() => (quotations.data ? usdtCnyRate(allPairs(quotations.data)) : null), [quotations.data]);
}

const nextPage = (last: Paged<unknown>, all: Paged<unknown>[]) =>
  last.list.length === 0 || last.page >= last.pages ? undefined : all.length + 1;

/** The rows of an infinite list, page after page. */
export function flatPages<T>(data: InfiniteData<Paged<T>> | undefined): T[] {
  return data?.pages.flatMap((page) => page.list) ?? [];
}

/** A record panel's ledger entries of one wallet and currency, paged by 'more'. */
export function useWalletLog(wallet: WalletName, currency: number | undefined, enabled = true) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: [...WALLET_KEY, 'log', wallet, currency, token],
    queryFn: ({ pageParam, signal }) => walletApi.log({ wallet, currency, page: pageParam, limit: RECORDS_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: enabled && token !== null,
  });
}

/** One page of a wallet's ledger (the detail pages, `?page=`). */
export function useWalletLogPage(wallet: WalletName, currency: number, page: number) {
  const token = useToken();
  return useQuery({
    queryKey: [...WALLET_KEY, 'log-page', wallet, currency, page, token],
    queryFn: ({ signal }) => walletApi.log({ wallet, currency, page, limit: RECORDS_PAGE }, { signal }),
    placeholderData: keepPreviousData,
    enabled: token !== null && currency > 0,
  });
}

/** `wallet/detail`: one currency in one wallet. */
export function useWalletDetail(currency: number, wallet: WalletName) {
  const token = useToken();
  return useQuery({
    queryKey: [...WALLET_KEY, 'detail', wallet, currency, token],
    queryFn: ({ signal }) => walletApi.detail({ currency, type: wallet }, { signal }),
    enabled: token !== null && currency > 0,
  });
}

/** `account/list`: every wallet's ledger, 20 a page. */
export function useAccountLog(page: number) {
  const token = useToken();
  return useQuery({
    queryKey: [...WALLET_KEY, 'account-log', page, token],
    queryFn: ({ signal }) => walletApi.accountLog({ page, limit: ACCOUNT_LOG_PAGE }, { signal }),
    placeholderData: keepPreviousData,
    enabled: token !== null,
  });
}

/** `wallet/hzhistory`: transfers between the wallets, newest first, paged by 'more'. */
export function useTransferHistory() {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: [...WALLET_KEY, 'transfers', token],
    queryFn: ({ pageParam, signal }) => walletApi.transferHistory({ page: pageParam, limit: RECORDS_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null,
  });
}

/** The caller's deposit addresses of one currency (derived by the server, they do not change). */
export function useDepositAddresses(currency: number, enabled: boolean) {
  const token = useToken();
  return useQuery({
    queryKey: [...WALLET_KEY, 'deposit-addresses', currency, token],
    queryFn: ({ signal }) => walletApi.depositAddresses({ currency, lang: currentLang }, { signal }),
    enabled: enabled && token !== null && currency > 0,
    staleTime: Infinity,
  });
}

/** `money/rechange`: the company's addresses for manual deposits. */
export function useCompanyAddresses() {
  const token = useToken();
  return useQuery({
    queryKey: [...WALLET_KEY, 'company-addresses', token],
    queryFn: ({ signal }) => walletApi.companyAddresses({ signal }),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

export function useDepositRecords(currency: number | undefined, enabled = true) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: [...WALLET_KEY, 'deposits', currency, token],
    queryFn: ({ pageParam, signal }) => walletApi.depositRecords({ currency, page: pageParam, limit: RECORDS_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: enabled && token !== null,
  });
}

export function useWithdrawalRecords(currency: number | undefined, enabled = true) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: [...WALLET_KEY, 'withdrawals', currency, token],
    queryFn: ({ pageParam, signal }) => walletApi.withdrawalRecords({ currency, page: pageParam, limit: RECORDS_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: enabled && token !== null,
  });
}

/** `wallet/get_info`: limits, fee and saved addresses of a withdrawal from the change or micro wallet. */
export function useWithdrawInfo(currency: number, wallet: 'change' | 'micro', enabled: boolean) {
  const token = useToken();
  return useQuery({
    queryKey: [...WALLET_KEY, 'withdraw-info', wallet, currency, token],
    queryFn: ({ signal }) => walletApi.withdrawInfo({ currency, type: wallet, lang: currentLang }, { signal }),
    enabled: enabled && token !== null && currency > 0,
  });
}

/** The caller's saved withdrawal addresses (all currencies). */
export function useSavedAddresses() {
  const token = useToken();
  return useQuery({
    queryKey: [...WALLET_KEY, 'addresses', token],
    queryFn: ({ signal }) => walletApi.addresses({}, { signal }),
    enabled: token !== null,
  });
}

function useInvalidateWallets() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: WALLET_KEY });
}

export function useTransfer() {
  const invalidate = useInvalidateWallets();
  return useMutation({ mutationFn: (input: TransferInput) => walletApi.transfer(input), onSuccess: invalidate });
}

export function useUploadProof() {
  return useMutation({ mutationFn: (file: File) => walletApi.uploadProof(file) });
}

export function useSubmitManualDeposit() {
  const invalidate = useInvalidateWallets();
  return useMutation({ mutationFn: (input: ManualDepositInput) => walletApi.manualDeposit(input), onSuccess: invalidate });
}

export function useWithdraw() {
  return useMutation({ mutationFn: (input: WithdrawInput) => walletApi.withdraw(input) });
}

export function useAddAddress() {
  const invalidate = useInvalidateWallets();
  return useMutation({ mutationFn: (input: AddAddressInput) => walletApi.addAddress(input), onSuccess: invalidate });
}

export function useDeleteAddress() {
  const invalidate = useInvalidateWallets();
  return useMutation({ mutationFn: (addressId: number) => walletApi.deleteAddress(addressId), onSuccess: invalidate });
}

/** Refetches every wallet query (older clients reloaded the page after a withdrawal or a transfer). */
export function useReloadWallets() {
  return useInvalidateWallets();
}
