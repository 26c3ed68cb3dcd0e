import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { create } from 'zustand';
import { ApiError, apitip, leverApi, realtime, type LeverPairIds, type LeverStatus, type LeverTrade, type LeverTradePush } from '../../api';
import { showToast } from '../../components/toast-store';
import { i18next } from '../../i18n';
import { parseTrades } from '../../lib/trading/lever-live';
import { useSession } from '../auth';

/** Page size of the lever lists. */
export const LEVER_PAGE = 10;
/** A closed position leaves the list about a second after the close. */
const RELOAD_AFTER_CLOSE_MS = 1000;

const LEVER = ['lever'] as const;

/** `lever/deal` of the pair: price, multiples, hands limits, the caller's lever balance. */
export function useLeverDeal(pair: LeverPairIds | null) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...LEVER, 'deal', pair?.legal_id, pair?.currency_id, token],
    queryFn: ({ signal }) => leverApi.deal({ legal_id: pair?.legal_id ?? 0, currency_id: pair?.currency_id ?? 0 }, { signal }),
    enabled: pair !== null,
    staleTime: 5000,
  });
}

/** One page of the caller's lever trades of a status, optionally of one pair. */
export function useMyLeverTrades(status: LeverStatus, page: number, pair: LeverPairIds | null, enabled = true) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...LEVER, 'mine', status, page, pair?.legal_id ?? 0, pair?.currency_id ?? 0, token],
    queryFn: ({ signal }) =>
      leverApi.myTrades({ status, page, ...(pair ? { legal_id: pair.legal_id, currency_id: pair.currency_id } : {}) }, { signal }),
    enabled: enabled && token !== null,
    placeholderData: keepPreviousData,
  });
}

/** One page of the caller's held positions of a pair (`lever/dealall`). */
export function usePairPositions(pair: LeverPairIds | null, page: number) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...LEVER, 'positions', pair?.legal_id, pair?.currency_id, page, token],
    queryFn: ({ signal }) => leverApi.positions({ legal_id: pair?.legal_id ?? 0, currency_id: pair?.currency_id ?? 0, page }, { signal }),
    enabled: pair !== null && token !== null,
    placeholderData: keepPreviousData,
  });
}

/** One page of the caller's closed lever trades of every pair (the lever reading of `transaction_complete`). */
export function useClosedLeverTrades(page: number) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...LEVER, 'completed', page, token],
    queryFn: ({ signal }) => leverApi.completed({ page }, { signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

/** The contract account's risk per quote currency, refreshed with every lever push. */
export function useLeverRisk(enabled = true) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...LEVER, 'risk', token],
    queryFn: ({ signal }) => leverApi.risk({ signal }),
    enabled: enabled && token !== null,
    refetchInterval: 10_000,
  });
}

/** The newest `lever_trade` push of the signed-in user, its trades read. */
export interface LeverLive {
  held: LeverTrade[];
  pending: LeverTrade[];
  hazardRate: string;
  /** Equity of the quote currency: available + margin + unrealised. */
  equity: string;
  /** Unrealised profit or loss of the held positions. */
  profits: string;
  at: number;
}

export const useLeverLive = create<{ live: LeverLive | null }>()(() => ({ live: null }));

function readPush(push: LeverTradePush): LeverLive {
  return {
    held: parseTrades<LeverTrade>(push.trades_all),
    pending: parseTrades<LeverTrade>(push.trades_entrust),
    hazardRate: String(push.hazard_rate ?? ''),
    equity: String(push.profits_all ?? ''),
    profits: String(push.profits ?? ''),
    at: Date.now(),
  };
}

/**
 * Holds the realtime connection and keeps the newest `lever_trade` push while the screen is open;
 * a push that changes which trades are held or pending reloads the lists and the balances.
 */
export function useLeverFeed(): void {
  const client = useQueryClient();
  const signedIn = useSession((state) => state.token !== null);
  useEffect(() => {
    if (!signedIn) {
      useLeverLive.setState({ live: null });
      return;
    }
    const release = realtime.acquire();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const reload = () => {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        void client.invalidateQueries({ queryKey: LEVER });
        void client.invalidateQueries({ queryKey: ['wallet'] });
      }, 300);
    };
    const stop = realtime.on('lever_trade', (push) => {
      const previous = useLeverLive.getState().live;
      const next = readPush(push);
      useLeverLive.setState({ live: next });
      const ids = (rows: LeverTrade[]) => rows.map((row) => Number(row.id)).sort((a, b) => a - b).join(',');
      if (!previous || ids(previous.held) !== ids(next.held) || ids(previous.pending) !== ids(next.pending)) reload();
    });
    const stopStatus = realtime.onStatus((status) => {
      if (status === 'open') reload();
    });
    return () => {
      stop();
      stopStatus();
      release();
      if (timer !== null) clearTimeout(timer);
    };
  }, [client, signedIn]);
}

function toastFailure(error: unknown): void {
  if (error instanceof ApiError && error.kind === 'session') return; // the session handler speaks
  showToast(error instanceof ApiError && error.text ? error.text : i18next.t('auth.networkError'), 'error');
}

function useReload() {
  const client = useQueryClient();
  return (delay = 0) => {
    const run = () => {
      void client.invalidateQueries({ queryKey: LEVER });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    };
    if (delay > 0) setTimeout(run, delay);
    else run();
  };
}

/** Places a lever order; a refusal closes the modal and shows its apitip text. Resolves true when taken. */
export function useSubmitLever() {
  const reload = useReload();
  return useMutation({
    mutationFn: async (body: Record<string, string | number>) => {
      const reply = await leverApi.submit(body);
      const message = typeof reply.message === 'string' ? reply.message : '';
      if (reply.type !== 'ok') {
        if (reply.type !== '999') showToast(apitip(message || 'error'), 'error');
        return false;
      }
      showToast(apitip(message || 'operation ok'), 'success', 1500);
      return true;
    },
    onError: toastFailure,
    onSettled: () => reload(),
  });
}

/** Closes a held position, cancels a pending order, closes in batch or sets take-profit and stop-loss. */
export function useLeverAction() {
  const reload = useReload();
  const done = (message: string) => showToast(apitip(message || 'operation ok'), 'success', 1500);
  const close = useMutation({
    mutationFn: (id: number) => leverApi.close(id),
    onSuccess: (message) => {
      done(message);
      reload(RELOAD_AFTER_CLOSE_MS);
    },
    onError: toastFailure,
  });
  const cancel = useMutation({
    mutationFn: (id: number) => leverApi.cancel(id),
    onSuccess: (message) => {
      done(message);
      reload();
    },
    onError: toastFailure,
  });
  const batchClose = useMutation({
    mutationFn: (type: 0 | 1 | 2) => leverApi.batchClose(type),
    onSuccess: (message) => {
      done(message);
      reload(RELOAD_AFTER_CLOSE_MS);
    },
    onError: toastFailure,
  });
  const setStop = useMutation({
    mutationFn: (input: { id: number; target_profit_price: string; stop_loss_price: string }) => leverApi.setStop(input),
    onSuccess: (message) => {
      done(message);
      reload();
    },
    onError: toastFailure,
  });
  return { close, cancel, batchClose, setStop };
}
