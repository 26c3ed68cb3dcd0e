import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { ApiError, apitip, realtime, spotApi, type Paged, type SpotFill, type SpotOpenOrder, type SpotOrderInput } from '../../api';
import { showToast } from '../../components/toast-store';
import { i18next } from '../../i18n';
import { levelsFromEntries, cleanLevels } from '../../lib/trading/book';
import { pairKey } from '../../lib/trading/market';
import type { Side } from '../../lib/trading/order';
import { useSession } from '../auth';
import { type PairRef, seedBook } from '../market';

/** Page size of the order lists. */
export const ORDERS_PAGE = 10;
/** The completed list reloads every 5 seconds. */
export const HISTORY_REFRESH_MS = 5000;

const SPOT = ['spot'] as const;

/**
 * `transaction/deal`: the book, the last price and the trader's available balances of the pair
 * (zero for visitors, who may call it too). Its book seeds the live book, which the feed then
 * keeps current.
 */
export function useDeal(pair: PairRef | null) {
  const token = useSession((state) => state.token);
  const query = useQuery({
    queryKey: [...SPOT, 'deal', pair?.legal_id, pair?.currency_id, token],
    queryFn: ({ signal }) => spotApi.deal({ legal_id: pair?.legal_id ?? 0, currency_id: pair?.currency_id ?? 0 }, { signal }),
    enabled: pair !== null,
    staleTime: 10_000,
  });
  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    if (!pair || !data) return;
    seedBook(pairKey(pair.legal_id, pair.currency_id), {
      bids: cleanLevels(levelsFromEntries(data.in), 'bids'),
      asks: cleanLevels(levelsFromEntries(data.out), 'asks'),
      at: dataUpdatedAt,
    });
  }, [pair, data, dataUpdatedAt]);
  return query;
}

/** The queries holding balances: the spot desk's and the assets area's wallet queries. */
const BALANCE_QUERIES = [SPOT, ['wallet']] as const;

/**
 * Refetches balances and order lists (spot and wallet queries) when the server says they changed
 * (`update_balance`), a burst of pushes giving one refetch, and after the feed reconnects (pushes
 * may have been missed).
 */
export function useSpotRefresh(): void {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        for (const queryKey of BALANCE_QUERIES) void client.invalidateQueries({ queryKey });
      }, 200);
    };
    let previous = realtime.status;
    const stopStatus = realtime.onStatus((status) => {
      if (status === 'open' && previous === 'reconnecting') {
        refresh();
        void client.invalidateQueries({ queryKey: ['market', 'trades'] });
      }
      previous = status;
    });
    const stopBalance = realtime.on('update_balance', refresh);
    return () => {
      stopStatus();
      stopBalance();
      if (timer !== null) clearTimeout(timer);
    };
  }, [client]);
}

/** The same refresh, held by the screens of the assets area. */
export const useBalanceRefresh = useSpotRefresh;

const nextPage = (last: Paged<unknown>, all: Paged<unknown>[]) =>
  last.list.length === 0 || last.page >= last.pages ? undefined : all.length + 1;

function useOpenSide(side: Side, currencyId: number, enabled: boolean) {
  const token = useSession((state) => state.token);
  return useInfiniteQuery({
    queryKey: [...SPOT, 'open', side, currencyId, token],
    queryFn: ({ pageParam, signal }) => spotApi.openOrders(side, { currency_id: currencyId, page: pageParam, limit: ORDERS_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: enabled && token !== null && currencyId > 0,
  });
}

const flat = <T,>(data: InfiniteData<Paged<T>> | undefined): T[] => data?.pages.flatMap((page) => page.list) ?? [];

/** The trader's open buy and sell orders of the pair's base currency, newest first, paged by "more". */
export function useOpenOrders(currencyId: number, enabled: boolean) {
  const buys = useOpenSide('buy', currencyId, enabled);
  const sells = useOpenSide('sell', currencyId, enabled);
  const orders = useMemo<SpotOpenOrder[]>(
    () => [...flat(buys.data), ...flat(sells.data)].sort((a, b) => b.id - a.id),
    [buys.data, sells.data],
  );
  return {
    orders,
    isPending: buys.isPending || sells.isPending,
    hasMore: buys.hasNextPage || sells.hasNextPage,
    isLoadingMore: buys.isFetchingNextPage || sells.isFetchingNextPage,
    loadMore: () => {
      if (buys.hasNextPage) void buys.fetchNextPage();
      if (sells.hasNextPage) void sells.fetchNextPage();
    },
  };
}

/** The trader's fills (`transaction_complete`), reloaded every 5 seconds. */
export function useFills(currencyId: number, enabled: boolean) {
  const token = useSession((state) => state.token);
  const query = useInfiniteQuery({
    queryKey: [...SPOT, 'fills', currencyId, token],
    queryFn: ({ pageParam, signal }) => spotApi.fills({ currency_id: currencyId, page: pageParam, limit: ORDERS_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: enabled && token !== null && currencyId > 0,
    refetchInterval: HISTORY_REFRESH_MS,
  });
  const fills = useMemo<SpotFill[]>(() => flat(query.data), [query.data]);
  return {
    fills,
    isPending: query.isPending,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}

function toastFailure(error: unknown): void {
  if (error instanceof ApiError && error.kind === 'session') return; // the session handler speaks
  showToast(error instanceof ApiError && error.text ? error.text : i18next.t('auth.networkError'), 'error');
}

/** Places an order; a refusal shows its apitip text. Resolves true when the server took it. */
export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ side, input }: { side: Side; input: SpotOrderInput }) => {
      const reply = await spotApi.place(side, input);
      const message = typeof reply.message === 'string' ? reply.message : '';
      if (reply.type !== 'ok') {
        if (reply.type !== '999') showToast(apitip(message || 'error'), 'error');
        return false;
      }
      showToast(apitip(message || 'operation ok'), 'success', 1500);
      return true;
    },
    onError: toastFailure,
    onSettled: () => client.invalidateQueries({ queryKey: SPOT }),
  });
}

/** Revokes an open order; on success it leaves the list. */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (order: { id: number; type: 'in' | 'out' }) => spotApi.cancel(order),
    onSuccess: (message, order) => {
      showToast(apitip(message || 'operation ok'), 'success', 1500);
      // Out of the list at once; the refetch confirms.
      client.setQueriesData<InfiniteData<Paged<SpotOpenOrder>>>({ queryKey: [...SPOT, 'open'] }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, list: page.list.filter((o) => o.id !== order.id) })) } : data,
      );
    },
    onError: toastFailure,
    onSettled: () => client.invalidateQueries({ queryKey: SPOT }),
  });
}
