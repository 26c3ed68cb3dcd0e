import { useEffect } from 'react';
import { create } from 'zustand';
import type { QuotationGroup, QuotationItem } from '../../api';
import { storage } from '../../app/preferences';
import { PAIR_KEYS } from '../../lib/prefs';
import { allPairs } from '../../lib/trading/market';

/** The pair the trading screens show (stored as legal_id, currency_id, …, symbol). */
export interface PairRef {
  legal_id: number;
  currency_id: number;
  legal_name: string;
  currency_name: string;
  symbol: string;
}

function readStored(): PairRef | null {
  const legal = Number(storage.get(PAIR_KEYS.legalId));
  const currency = Number(storage.get(PAIR_KEYS.currencyId));
  const legalName = storage.get(PAIR_KEYS.legalName) ?? '';
  const currencyName = storage.get(PAIR_KEYS.currencyName) ?? '';
  if (!Number.isInteger(legal) || legal <= 0 || !Number.isInteger(currency) || currency <= 0) return null;
  return {
    legal_id: legal,
    currency_id: currency,
    legal_name: legalName,
    currency_name: currencyName,
    symbol: storage.get(PAIR_KEYS.symbol) || `${currencyName}/${legalName}`,
  };
}

export const useSelectedPair = create<{ pair: PairRef | null }>()(() => ({ pair: readStored() }));

/** Chooses a pair: stored for the next visit (and for older screens reading the same keys). */
export function selectPair(item: QuotationItem | PairRef): void {
  const pair: PairRef = {
    legal_id: item.legal_id,
    currency_id: item.currency_id,
    legal_name: item.legal_name,
    currency_name: item.currency_name,
    symbol: item.symbol || `${item.currency_name}/${item.legal_name}`,
  };
  storage.set(PAIR_KEYS.legalId, String(pair.legal_id));
  storage.set(PAIR_KEYS.currencyId, String(pair.currency_id));
  storage.set(PAIR_KEYS.legalName, pair.legal_name);
  storage.set(PAIR_KEYS.currencyName, pair.currency_name);
  storage.set(PAIR_KEYS.symbol, pair.symbol);
  if ('price_precision' in item) {
    storage.set(PAIR_KEYS.priceScale, String(10 ** item.price_precision));
    storage.set(PAIR_KEYS.shareNum, item.lever_share_num);
  }
  useSelectedPair.setState({ pair });
}

/**
 * The selected pair; when none is stored (or the stored one is no longer listed), the first pair
 * of the quotation reply is selected and stored.
 */
export function useEnsuredPair(groups: readonly QuotationGroup[] | undefined): PairRef | null {
  const pair = useSelectedPair((state) => state.pair);
  useEffect(() => {
    if (!groups || groups.length === 0) return;
    const pairs = allPairs(groups);
    const listed = pair && pairs.find((item) => item.legal_id === pair.legal_id && item.currency_id === pair.currency_id);
    if (listed) {
      // Names or symbol may have been missing from an older client's storage.
      if (listed.symbol !== pair.symbol || listed.currency_name !== pair.currency_name) selectPair(listed);
      return;
    }
    const first = pairs[0];
    if (first) selectPair(first);
  }, [groups, pair]);
  return pair;
}
