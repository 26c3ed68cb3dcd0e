import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { marketApi, type QuotationGroup, type QuotationItem, type RecentTrade } from '../../api';
import { currentLang } from '../../app/preferences';
import { mergeSparkBars, type SparkBar } from '../../lib/trading/candles';
import { pairKey, withTicker } from '../../lib/trading/market';
import { seedDeals, useLive } from './live-store';

const QUOTATIONS_KEY = ['market', 'quotations'] as const;

/** `currency/quotation_new`: the groups of pairs. `refreshMs` polls (the home ticker: 5 s). */
export function useQuotations(refreshMs?: number) {
  return useQuery({
    queryKey: QUOTATIONS_KEY,
    queryFn: ({ signal }) => marketApi.quotations({ signal }),
    staleTime: 30_000,
    refetchInterval: refreshMs ?? false,
  });
}

/** The quotation groups with the live tickers laid over them (newer than the reply only). */
export function useLiveQuotations(refreshMs?: number): {
  groups: QuotationGroup[];
  isPending: boolean;
  isError: boolean;
} {
  const query = useQuotations(refreshMs);
  const tickers = useLive((state) => state.tickers);
  const fetchedAt = query.dataUpdatedAt;
  const groups = useMemo(
    () =>
      (query.data ?? []).map((group) => ({
        ...group,
        quotation: group.quotation.map((item) => withTicker(item, tickers[pairKey(item.legal_id, item.currency_id)], fetchedAt)),
      })),
    [query.data, tickers, fetchedAt],
  );
  return { groups, isPending: query.isPending, isError: query.isError };
}

/** Sparkline points kept per pair (60 in the table, the ticker draws the last 50). */
export const SPARK_POINTS = 60;
const MINUTE = 60;
/** A first look at the last 90 minutes; a quiet market widens to 7 days. */
const FIRST_WINDOW_S = 90 * MINUTE;
const WIDE_WINDOW_S = 7 * 24 * 60 * MINUTE;

/**
 * The last 60 one-minute closes of a pair, refreshed every `refreshMs`. Later refreshes ask only
 * for the bars from the newest one held on, so a refresh costs a few bars, not a week of them.
 */
export function useSparkline(symbol: string, refreshMs = 5000) {
  return useQuery({
    queryKey: ['market', 'spark', symbol],
    queryFn: async ({ client, queryKey, signal }): Promise<SparkBar[]> => {
      const previous = client.getQueryData<SparkBar[]>(queryKey) ?? [];
      const now = Math.floor(Date.now() / 1000);
      const newest = previous[previous.length - 1];
      if (newest) {
        const reply = await marketApi.candles({ symbol, period: '1min', from: newest.id }, { signal });
        return mergeSparkBars(previous, reply.bars, SPARK_POINTS);
      }
      let reply = await marketApi.candles({ symbol, period: '1min', from: now - FIRST_WINDOW_S }, { signal });
      if (reply.bars.length < SPARK_POINTS) {
        reply = await marketApi.candles({ symbol, period: '1min', from: now - WIDE_WINDOW_S }, { signal });
      }
      return mergeSparkBars([], reply.bars, SPARK_POINTS);
    },
    refetchInterval: refreshMs,
    staleTime: refreshMs,
    enabled: symbol !== '',
  });
}

/** `currency/detail` in the reader's language. */
export function useCurrencyDetail(currencyId: number | undefined) {
  return useQuery({
    queryKey: ['market', 'detail', currencyId, currentLang],
    queryFn: ({ signal }) => marketApi.detail(currencyId ?? 0, currentLang, { signal }),
    enabled: currencyId !== undefined && currencyId > 0,
    staleTime: 10 * 60_000,
  });
}

/** Recent deals of a pair: `new_tradehistory` first, then the `market_detail` pushes. */
export function useRecentDeals(pair: { legal_id: number; currency_id: number } | null): {
  deals: RecentTrade[];
  isPending: boolean;
} {
  const key = pair ? pairKey(pair.legal_id, pair.currency_id) : '';
  const query = useQuery({
    queryKey: ['market', 'trades', key],
    queryFn: ({ signal }) => marketApi.trades(pair ?? { legal_id: 0, currency_id: 0 }, { signal }),
    enabled: pair !== null,
    staleTime: 60_000,
  });
  useEffect(() => {
    if (key && query.data) seedDeals(key, query.data);
  }, [key, query.data]);
  const deals = useLive((state) => state.deals[key]);
  return { deals: deals ?? EMPTY, isPending: query.isPending && !deals };
}

const EMPTY: RecentTrade[] = [];

export type { QuotationItem };

/** How often a desk reads the pair's index and mark: the index ticks about once a second. */
const INDEX_REFRESH_MS = 2000;

/** `currency/index_price` of a pair, polled while the desk is open. */
export function useIndexPrice(pair: { legal_id: number; currency_id: number } | null) {
  return useQuery({
    queryKey: ['market', 'index', pair?.legal_id, pair?.currency_id],
    queryFn: ({ signal }) => marketApi.indexPrice({ legal_id: pair?.legal_id ?? 0, currency_id: pair?.currency_id ?? 0 }, { signal }),
    enabled: pair !== null,
    refetchInterval: INDEX_REFRESH_MS,
  });
}
