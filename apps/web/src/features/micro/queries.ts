import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apitip, microApi, realtime, type MicroOrder, type MicroSubmitInput } from '../../api';
import { showToast } from '../../components/toast-store';
import { CLOSED_ROW_REMOVAL_MS, MICRO_PAGE_SIZE } from '../../lib/trading/micro';
import { useSession } from '../auth';

const MICRO = ['micro'] as const;

/** The durations with their profit ratios, and the payable currencies with the caller's micro balance. */
export function useMicroTerms() {
  const token = useSession((state) => state.token);
  const seconds = useQuery({ queryKey: [...MICRO, 'seconds'], queryFn: ({ signal }) => microApi.seconds({ signal }), staleTime: 60_000 });
  const currencies = useQuery({
    queryKey: [...MICRO, 'currencies', token],
    queryFn: ({ signal }) => microApi.payableCurrencies({ signal }),
    staleTime: 10_000,
  });
  return { seconds, currencies };
}

/** One page of the caller's contracts: running (1) on the pair, or closed (3). */
export function useMicroList(status: 1 | 3, page: number, matchId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...MICRO, 'lists', status, page, status === 1 ? matchId : undefined],
    queryFn: ({ signal }) =>
      microApi.lists({ status, page, limit: MICRO_PAGE_SIZE, ...(status === 1 && matchId !== undefined ? { match_id: matchId } : {}) }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Places a contract; the reply's message is shown either way, and lists and balances refresh. */
export function useSubmitMicro() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MicroSubmitInput) => microApi.submit(input),
    onSuccess: (reply) => {
      showToast(apitip(reply.message), reply.type === 'ok' ? 'success' : 'error');
      if (reply.type !== 'ok') return;
      void client.invalidateQueries({ queryKey: MICRO });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
    onError: (error) => showToast(apitip(error instanceof Error ? error.message : String(error)), 'error'),
  });
}

/**
 * The `closed_microorder` pushes of the signed-in user: each replaces its row (now closed, with its
 * end price and result) and, CLOSED_ROW_REMOVAL_MS later, the row leaves the running list; then the
 * lists and balances refresh.
 */
export function useClosedContracts(): { replaced: ReadonlyMap<number, MicroOrder>; removed: ReadonlySet<number> } {
  const client = useQueryClient();
  const [replaced, setReplaced] = useState<ReadonlyMap<number, MicroOrder>>(new Map());
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const stop = realtime.on('closed_microorder', (push) => {
      setReplaced((current) => new Map(current).set(push.data.id, push.data));
      const timer = setTimeout(() => {
        timers.delete(timer);
        setRemoved((current) => new Set(current).add(push.data.id));
        void client.invalidateQueries({ queryKey: MICRO });
        void client.invalidateQueries({ queryKey: ['wallet'] });
      }, CLOSED_ROW_REMOVAL_MS);
      timers.add(timer);
    });
    return () => {
      stop();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [client]);
  return { replaced, removed };
}

/** The time now, renewed every `tickMs` while the component lives (the countdown's clock). */
export function useNow(tickMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}
