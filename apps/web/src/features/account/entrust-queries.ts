import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { spotApi, type Paged } from '../../api';
import { useSession } from '../auth';

/** The entrust list shows 5 orders, then 'load more' adds 5 at a time. */
export const ENTRUST_PAGE = 5;
const ENTRUST_KEY = ['entrust'] as const;

export type EntrustTab = 'selling' | 'buying' | 'completed';

const nextPage = (last: Paged<unknown>, all: Paged<unknown>[]) =>
  last.list.length === 0 || last.page >= last.pages ? undefined : all.length + 1;

export const flatList = <T,>(data: InfiniteData<Paged<T>> | undefined): T[] => data?.pages.flatMap((page) => page.list) ?? [];

/** The caller's open sell (`transaction_out`) or buy (`transaction_in`) orders of every pair, newest first. */
export function useOpenEntrusts(side: 'buy' | 'sell', enabled: boolean) {
  const token = useSession((state) => state.token);
  return useInfiniteQuery({
    queryKey: [...ENTRUST_KEY, 'open', side, token],
    queryFn: ({ pageParam, signal }) => spotApi.openOrders(side, { page: pageParam, limit: ENTRUST_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: enabled && token !== null,
  });
}

/** The caller's fills of every pair (`transaction_complete`). */
export function useCompletedEntrusts(enabled: boolean) {
  const token = useSession((state) => state.token);
  return useInfiniteQuery({
    queryKey: [...ENTRUST_KEY, 'completed', token],
    queryFn: ({ pageParam, signal }) => spotApi.fills({ page: pageParam, limit: ENTRUST_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: enabled && token !== null,
  });
}

/** Cancels an open order (`transaction_del`); the lists and the balances reload after. */
export function useCancelEntrust() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (order: { id: number; type: 'in' | 'out' }) => spotApi.cancel(order),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ENTRUST_KEY }),
        client.invalidateQueries({ queryKey: ['spot'] }),
        client.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}
