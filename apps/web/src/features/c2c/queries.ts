import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import {
  ApiError,
  c2cApi,
  realtime,
  walletApi,
  type C2cAdType,
  type C2cPage,
  type CashInfo,
  type PublishAdInput,
  type ReleaseView,
} from '../../api';
import { showToast } from '../../components/toast-store';
import { i18next } from '../../i18n';
import { counterpartyNotice } from '../../lib/trading/c2c';
import { useSession } from '../auth';
import { useMarketFeed } from '../market';
import { useBalanceRefresh } from '../spot';

/** Every c2c query lives under `['c2c']`: a `c2c_order` push refetches them all. */
export const C2C_KEY = ['c2c'] as const;
/** The wallet queries (the legal balances shown beside the c2c screens) refetch on `update_balance`. */
const WALLET_KEY = ['wallet'] as const;

/** Page size of the c2c lists. */
export const C2C_PAGE = 10;

/** Where a refusal of type 997 (no payment methods) and 998 (identity not verified) leads. */
export const PAYMENT_METHODS_PATH = '/userSetting';
export const IDENTITY_PATH = '/account/authentication';

function useToken() {
  return useSession((state) => state.token);
}

/**
 * Keeps the realtime connection open on a c2c screen: an order change (`c2c_order`, sent to both
 * parties) refetches the c2c lists and orders and the balances; a balance push or a reconnection
 * refetches the balances; each time the connection opens, the c2c queries and balances are read again
 * (pushes sent before it joined the user's room are missed).
 */
export function useC2cLive(): void {
  const client = useQueryClient();
  // The market feed's connection carries the session's identity, so the private pushes arrive.
  useMarketFeed();
  useBalanceRefresh();
  useEffect(() => {
    const refresh = () => {
      void client.invalidateQueries({ queryKey: C2C_KEY });
      void client.invalidateQueries({ queryKey: WALLET_KEY });
    };
    const stopOrders = realtime.on('c2c_order', (push) => {
      refresh();
      const notice = counterpartyNotice(push);
      if (notice) showToast(i18next.t(`c2c.live.${notice}`, { id: push.id }), 'info', 5000);
    });
    let previous = realtime.status;
    const stopStatus = realtime.onStatus((status) => {
      // Changes between the first read and the socket joining the user's room would be missed too.
      if (status === 'open' && previous !== 'open') refresh();
      previous = status;
    });
    return () => {
      stopOrders();
      stopStatus();
    };
  }, [client]);
}

/** `currency/list`: the fiat currencies and the coins of the legal wallet (what c2c trades). */
export function useC2cCurrencies() {
  return useQuery({
    queryKey: [...C2C_KEY, 'currencies'],
    queryFn: async ({ signal }) => {
      const catalogue = await c2cApi.currencies({ signal });
      return { fiat: catalogue.legal, coins: catalogue.currencies.filter((coin) => coin.is_legal === 1) };
    },
    staleTime: 5 * 60_000,
  });
}

/** The caller's legal-wallet balance of each coin: available and frozen (what ads and orders hold). */
export function useLegalBalances() {
  const token = useToken();
  return useQuery({
    queryKey: [...WALLET_KEY, 'list', token],
    queryFn: ({ signal }) => walletApi.list({ signal }),
    enabled: token !== null,
    select: (wallets) =>
      new Map(
        wallets.legal_wallet.balance.map((item) => [
          item.currency,
          { name: item.currency_name, available: item.legal_balance, frozen: item.lock_legal_balance },
        ]),
      ),
  });
}

export function useCashInfo() {
  const token = useToken();
  return useQuery({
    queryKey: [...C2C_KEY, 'cash-info', token],
    queryFn: ({ signal }) => c2cApi.cashInfo({ signal }),
    enabled: token !== null,
  });
}

export function useSaveCashInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CashInfo) => c2cApi.saveCashInfo(input),
    onSuccess: () => client.invalidateQueries({ queryKey: C2C_KEY }),
  });
}

const nextPage = (last: C2cPage<unknown>, all: C2cPage<unknown>[]) =>
  last.data.length === 0 || last.page >= last.pages ? undefined : all.length + 1;

/** The rows of a paged c2c list, page after page. */
export function flatRows<T>(data: InfiniteData<C2cPage<T>> | undefined): T[] {
  return data?.pages.flatMap((page) => page.data) ?? [];
}

/** Others' ads change without a push to the viewer (only an order's parties get one): the market is read again this often. */
export const MARKET_REFRESH_MS = 15_000;

/** `c2c_deal_platform`: open ads of a type and coin, best price first, paged by "more". */
export function useMarketAds(type: C2cAdType, currencyId: number | undefined) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: [...C2C_KEY, 'market', type, currencyId, token],
    queryFn: ({ pageParam, signal }) => c2cApi.market({ type, currency_id: currencyId, page: pageParam, limit: C2C_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null,
    refetchInterval: MARKET_REFRESH_MS,
  });
}

/** `c2c/seller_trade`: the caller's own ads of a type and coin. */
export function useMyAds(type: C2cAdType, currencyId: number | undefined) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: [...C2C_KEY, 'my-ads', type, currencyId, token],
    queryFn: ({ pageParam, signal }) => c2cApi.myAds({ type, currency_id: currencyId, page: pageParam, limit: C2C_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null,
  });
}

/** `c2c_user_deal`: orders the caller took. */
export function useMyOrders() {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: [...C2C_KEY, 'my-orders', token],
    queryFn: ({ pageParam, signal }) => c2cApi.myOrders({ page: pageParam, limit: C2C_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null,
  });
}

/** `c2c/legal_send_deal_list`: the orders on one of the caller's ads. */
export function useAdOrders(adId: number) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: [...C2C_KEY, 'ad-orders', adId, token],
    queryFn: ({ pageParam, signal }) => c2cApi.adOrders({ id: adId, page: pageParam, limit: C2C_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null && adId > 0,
  });
}

/** `c2c_deal`: one order, for its two parties. */
export function useOrder(orderId: number) {
  const token = useToken();
  return useQuery({
    queryKey: [...C2C_KEY, 'order', orderId, token],
    queryFn: ({ signal }) => c2cApi.order(orderId, { signal }),
    enabled: token !== null && orderId > 0,
    retry: false,
  });
}

function useInvalidateC2c() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([client.invalidateQueries({ queryKey: C2C_KEY }), client.invalidateQueries({ queryKey: WALLET_KEY })]);
  };
}

export function usePublishAd() {
  const invalidate = useInvalidateC2c();
  return useMutation({ mutationFn: (input: PublishAdInput) => c2cApi.publish(input), onSuccess: invalidate });
}

export function useTakeAd() {
  const invalidate = useInvalidateC2c();
  return useMutation({ mutationFn: (input: { id: number; number?: string }) => c2cApi.take(input), onSuccess: invalidate });
}

export function useWithdrawAd() {
  const invalidate = useInvalidateC2c();
  return useMutation({ mutationFn: (id: number) => c2cApi.withdrawAd(id), onSuccess: invalidate });
}

export type OrderStepName = 'cancel' | 'pay' | ReleaseView;

/** Cancel, "I have paid", or confirm receipt (through the taker's or the publisher's call). */
export function useOrderStep() {
  const invalidate = useInvalidateC2c();
  return useMutation({
    mutationFn: ({ id, step }: { id: number; step: OrderStepName }) =>
      step === 'cancel' ? c2cApi.cancel(id) : step === 'pay' ? c2cApi.pay(id) : c2cApi.release(id, step),
    onSuccess: invalidate,
  });
}

export function useAppeal() {
  const invalidate = useInvalidateC2c();
  return useMutation({ mutationFn: (input: { id: number; message: string; image: string }) => c2cApi.appeal(input), onSuccess: invalidate });
}

/** How long the refusal toast shows before a 997 or 998 refusal leads to the page that fixes it. */
const REDIRECT_MS = 1500;

/**
 * Handles the refusals that send the user elsewhere: 997 (no payment methods) toasts and goes to
 * the payment methods, 998 (identity not verified) to the identity page. True when it handled one.
 */
export function useTradeRefusalRedirect() {
  const navigate = useNavigate();
  return (error: unknown): boolean => {
    if (!(error instanceof ApiError) || (error.type !== '997' && error.type !== '998')) return false;
    showToast(error.text, 'error', REDIRECT_MS);
    const to = error.type === '997' ? PAYMENT_METHODS_PATH : IDENTITY_PATH;
    setTimeout(() => void navigate(to), REDIRECT_MS / 3);
    return true;
  };
}
