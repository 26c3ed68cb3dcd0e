import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { upstartApi, type SubscriptionPage } from '../../api';
import { PRICE_POLL_MS } from '../../lib/upstart';
import { useSession } from '../auth';

/** Every query of the subscription screens lives under `['upstart']`; a subscription or unlock refetches them and the wallets. */
export const UPSTART_KEY = ['upstart'] as const;

function useToken() {
  return useSession((state) => state.token);
}

/** `user/upstart`: the project and the caller's USDT balance. */
export function useUpstartInfo() {
  const token = useToken();
  return useQuery({
    queryKey: [...UPSTART_KEY, 'info', token],
    queryFn: ({ signal }) => upstartApi.info({ signal }),
    enabled: token !== null,
  });
}

/** `bi/price`, polled every second while the subscription screen is open. */
export function useTokenPrice() {
  const token = useToken();
  return useQuery({
    queryKey: [...UPSTART_KEY, 'price', token],
    queryFn: ({ signal }) => upstartApi.price({ signal }),
    enabled: token !== null,
    refetchInterval: PRICE_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/** `user/uplists`: the caller's subscriptions, one page of `limit`. */
export function useSubscriptions(page: number, limit: number) {
  const token = useToken();
  return useQuery({
    queryKey: [...UPSTART_KEY, 'list', token, page, limit],
    queryFn: ({ signal }) => upstartApi.list({ page, limit }, { signal }),
    enabled: token !== null,
  });
}

const nextPage = (last: SubscriptionPage, all: SubscriptionPage[]) =>
  last.data.length < last.limit || (last.pages !== undefined && last.page >= last.pages) ? undefined : all.length + 1;

/** `user/uplists` page after page ('load more'), `limit` a page. */
export function useSubscriptionPages(limit: number) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: [...UPSTART_KEY, 'pages', token, limit],
    queryFn: ({ pageParam, signal }) => upstartApi.list({ page: pageParam, limit }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null,
  });
}

function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: UPSTART_KEY }),
      queryClient.invalidateQueries({ queryKey: ['wallet'] }),
    ]);
}

export function useSubscribe() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: { amount: string; buymoney: string }) => upstartApi.order(input),
    onSuccess: () => refresh(),
  });
}

export function useUnlock() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: number) => upstartApi.unlock(id),
    onSettled: () => refresh(),
  });
}
