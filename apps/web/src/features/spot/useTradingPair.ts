import { useMemo, useState } from 'react';
import type { QuotationItem, RecentTrade } from '../../api';
import type { Level } from '../../lib/trading/book';
import { compare, isPositive } from '../../lib/trading/decimal';
import { findPair, pairKey } from '../../lib/trading/market';
import { useSession } from '../auth';
import { type PairRef, useEnsuredPair, useLive, useLiveQuotations, useMarketFeed, usePairFeed, useQuotations, useRecentDeals } from '../market';
import type { PickedPrice, Precision } from './trade-panel';
import { useDeal, useSpotRefresh } from './queries';

const NO_LEVELS: Level[] = [];

export interface TradingPair {
  pair: PairRef | null;
  groups: ReturnType<typeof useLiveQuotations>['groups'];
  quotationsPending: boolean;
  item: QuotationItem | undefined;
  precision: Precision;
  bids: Level[];
  asks: Level[];
  lastPrice: string;
  direction: 1 | -1 | 0;
  deals: RecentTrade[];
  dealsPending: boolean;
  availableQuote: string;
  availableBase: string;
  signedIn: boolean;
  picked: PickedPrice | null;
  pick(price: string): void;
}

/** A product whose desk lists only the pairs open for it: leverage or second contracts. */
export type PairProduct = 'lever' | 'micro';

/** The groups with only the pairs open for `product` (all of them without one); groups left empty are dropped. */
export function openFor<G extends { quotation: QuotationItem[] }>(groups: readonly G[], product: PairProduct | undefined): G[] {
  if (!product) return [...groups];
  const open = (item: QuotationItem) => (product === 'lever' ? item.open_lever === 1 : item.open_microtrade === 1);
  return groups.map((group) => ({ ...group, quotation: group.quotation.filter(open) })).filter((group) => group.quotation.length > 0);
}

/** The same once a pair is chosen: what the panels of the trading screens are drawn from. */
export type PairDesk = TradingPair & { pair: PairRef };

/**
 * Everything the trading screens (desk and terminal) show of the selected pair: the live feed,
 * the quotation with its ticker, the book, the recent deals, the trader's balances, and the
 * price last picked in the book. With a `product`, only the pairs open for it are listed, and a
 * selected pair closed for it gives way to the first open one.
 */
export function useTradingPair(product?: PairProduct): TradingPair {
  useMarketFeed();
  useSpotRefresh();
  const signedIn = useSession((state) => state.token !== null);
  const raw = useQuotations();
  const live = useLiveQuotations();
  const isPending = live.isPending;
  const groups = useMemo(() => openFor(live.groups, product), [live.groups, product]);
  const listed = useMemo(() => (raw.data ? openFor(raw.data, product) : undefined), [raw.data, product]);
  const pair = useEnsuredPair(listed);
  usePairFeed(pair);
  const item = pair ? findPair(groups, pair.legal_id, pair.currency_id) : undefined;
  const key = pair ? pairKey(pair.legal_id, pair.currency_id) : '';
  const book = useLive((state) => state.books[key]);
  const ticker = useLive((state) => state.tickers[key]);
  const pushedLast = useLive((state) => state.lastPrices[key]);
  const deal = useDeal(pair);
  const { deals, isPending: dealsPending } = useRecentDeals(pair);
  const [picked, setPicked] = useState<PickedPrice | null>(null);

  const lastPrice = useMemo(() => {
    const candidates: { price: string | undefined; at: number }[] = [
      { price: raw.data && item ? item.now_price : undefined, at: raw.dataUpdatedAt },
      { price: deal.data?.last_price, at: deal.dataUpdatedAt },
      { price: ticker?.now_price, at: ticker?.at ?? 0 },
      { price: pushedLast?.price, at: pushedLast?.at ?? 0 },
      { price: deals[0]?.price, at: deals[0]?.time_ms ?? 0 },
    ];
    let best: { price: string | undefined; at: number } = { price: undefined, at: -1 };
    for (const candidate of candidates) if (isPositive(candidate.price) && candidate.at > best.at) best = candidate;
    return best.price ?? '';
  }, [raw.data, raw.dataUpdatedAt, item, deal.data, deal.dataUpdatedAt, ticker, pushedLast, deals]);

  const direction = useMemo<1 | -1 | 0>(() => {
    const [newest, previous] = deals;
    if (!newest) return 0;
    const moved = previous ? compare(newest.price, previous.price) : 0;
    if (moved !== 0) return moved > 0 ? 1 : -1;
    return newest.way === 'sell' ? -1 : 1;
  }, [deals]);

  return {
    pair,
    groups,
    quotationsPending: isPending,
    item,
    precision: { price: item?.price_precision ?? 4, quantity: item?.quantity_precision ?? 4 },
    bids: book?.bids ?? NO_LEVELS,
    asks: book?.asks ?? NO_LEVELS,
    lastPrice,
    direction,
    deals,
    dealsPending,
    availableQuote: deal.data?.user_legal ?? '',
    availableBase: deal.data?.user_currency ?? '',
    signedIn,
    picked,
    pick: (price: string) => setPicked((previous) => ({ price, seq: (previous?.seq ?? 0) + 1 })),
  };
}
