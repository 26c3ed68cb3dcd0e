import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { acceptorApi, type AcceptorDealInput, type AcceptorDecision, type Paged } from '../../api';
import { DEALS_PAGE } from '../../lib/acceptors';
import { useSession, useUserInfo } from '../auth';

/** Every query of the acceptor screens lives under `['acceptor']`; each deal step refetches them and the wallets. */
export const ACCEPTOR_KEY = ['acceptor'] as const;

const nextPage = (last: Paged<unknown>, all: Paged<unknown>[]) =>
  last.list.length === 0 || last.page >= last.pages ? undefined : all.length + 1;

export const flatDeals = <T,>(data: InfiniteData<Paged<T>> | undefined): T[] => data?.pages.flatMap((page) => page.list) ?? [];

function useToken() {
  return useSession((state) => state.token);
}

export function useAcceptors() {
  const token = useToken();
  return useQuery({
    queryKey: [...ACCEPTOR_KEY, 'list', token],
    queryFn: ({ signal }) => acceptorApi.list({ signal }),
    enabled: token !== null,
  });
}

export function useAcceptor(id: number) {
  const token = useToken();
  return useQuery({
    queryKey: [...ACCEPTOR_KEY, 'info', id, token],
    queryFn: ({ signal }) => acceptorApi.info(id, { signal }),
    enabled: token !== null && id > 0,
  });
}

/** Whether the signed-in user is an appointed acceptor (their user id is among the acceptors). */
export function useIsAcceptor(): boolean | undefined {
  const list = useAcceptors();
  const info = useUserInfo();
  if (!list.data || !info.data) return undefined;
  const me = info.data.id;
  return list.data.some((acceptor) => acceptor.id === me);
}

export function useMyDeals(type: 'buy' | 'sell' | undefined) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: [...ACCEPTOR_KEY, 'mine', type, token],
    queryFn: ({ pageParam, signal }) => acceptorApi.myDeals({ page: pageParam, limit: DEALS_PAGE, type }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null,
  });
}

export function useIncomingDeals(isSure: number | undefined) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: [...ACCEPTOR_KEY, 'incoming', isSure, token],
    queryFn: ({ pageParam, signal }) => acceptorApi.incoming({ page: pageParam, limit: DEALS_PAGE, is_sure: isSure }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null,
    retry: false,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: ACCEPTOR_KEY }), client.invalidateQueries({ queryKey: ['wallet'] })]);
}

export function useOpenDeal() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (input: AcceptorDealInput) => acceptorApi.deal(input), onSuccess: () => refresh() });
}

export function useDecideDeal() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ decision, id }: { decision: AcceptorDecision; id: number }) => acceptorApi.decide(decision, id),
    onSettled: () => refresh(),
  });
}

export function useConfirmReceived() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => acceptorApi.confirmReceived(id), onSettled: () => refresh() });
}

export function useObjectDeal() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => acceptorApi.object(id), onSettled: () => refresh() });
}
