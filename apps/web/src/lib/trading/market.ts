import type { DisplayFigure, QuotationGroup as WireQuotationGroup, QuotationItem as WireQuotationItem } from '@tessera/protocol';
import { divFloor, fixed, isPositive, mulFloor, toAtoms } from './decimal';

type Figure = 'now_price' | 'high' | 'low' | 'volume';

/** A quotation item with its display figures as exact decimal text, as the screens use them. */
export type QuotationItem = Omit<WireQuotationItem, Figure> & Record<Figure, string>;
export type QuotationGroup = Omit<WireQuotationGroup, 'quotation'> & { quotation: QuotationItem[] };

/**
 * The server sends a quotation item's price, high, low and volume as JSON numbers (old screens
 * call `toFixed` on them) whenever the number, written at the pair's precision, is the exact
 * decimal; here they become that decimal text again.
 */
export function figureText(value: DisplayFigure, decimals: number): string {
  return typeof value === 'number' ? value.toFixed(decimals) : value;
}

export function quotationFromWire(groups: readonly WireQuotationGroup[]): QuotationGroup[] {
  return groups.map((group) => ({
    ...group,
    quotation: group.quotation.map((item) => ({
      ...item,
      now_price: figureText(item.now_price, item.price_precision),
      high: figureText(item.high, item.price_precision),
      low: figureText(item.low, item.price_precision),
      volume: figureText(item.volume, item.quantity_precision),
    })),
  }));
}

/**
 * Market-board helpers of the home page and the market list: the pairs shown, the search of
 * the market list, live tickers merged over the quotation reply, and the display decimals.
 */

/** The key of a pair in stores and maps: quote id and base id. */
export function pairKey(legalId: number, currencyId: number): string {
  return `${legalId}-${currencyId}`;
}

/** The live part of a quotation item, as `daymarket` pushes it. */
export interface Ticker {
  now_price: string;
  change: string;
  volume: string;
  high: string;
  low: string;
  /** arrival time, ms */
  at: number;
}

/** Every pair of every group, in the server's order. */
export function allPairs(groups: readonly QuotationGroup[]): QuotationItem[] {
  return groups.flatMap((group) => group.quotation);
}

/** The pairs of the market table: `is_display = 1`. */
export function displayedPairs(groups: readonly QuotationGroup[]): QuotationItem[] {
  return allPairs(groups).filter((item) => item.is_display === 1);
}

export function findPair(groups: readonly QuotationGroup[], legalId: number, currencyId: number): QuotationItem | undefined {
  return allPairs(groups).find((item) => item.legal_id === legalId && item.currency_id === currencyId);
}

/** The market list search: the base name or the symbol contains the text, case-insensitively. */
export function matchesSearch(item: QuotationItem, search: string): boolean {
  const text = search.trim().toUpperCase();
  if (!text) return true;
  return item.currency_name.toUpperCase().includes(text) || item.symbol.toUpperCase().replace('/', '').includes(text.replace('/', ''));
}

/** A quotation item with its live ticker laid over it, when the ticker is newer than the reply. */
export function withTicker(item: QuotationItem, ticker: Ticker | undefined, fetchedAt: number): QuotationItem {
  if (!ticker || ticker.at < fetchedAt) return item;
  return { ...item, now_price: ticker.now_price, change: ticker.change, volume: ticker.volume, high: ticker.high, low: ticker.low };
}

export type Tone = 'up' | 'down' | 'flat';

/** The colour of a change: green above zero, red below. */
export function changeTone(change: string | undefined): Tone {
  const atoms = toAtoms(change ?? null);
  if (atoms === null || atoms === 0n) return 'flat';
  return atoms > 0n ? 'up' : 'down';
}

/** A 24 h change as `+1.25%` / `-0.40%` / `0.00%` (2 decimals, cut toward zero). */
export function formatChange(change: string | undefined): string {
  const text = fixed(change, 2, '');
  if (text === '') return '--';
  const tone = changeTone(text);
  return `${tone === 'up' ? '+' : ''}${text}%`;
}

/** Display decimals of the market table: price 4, high and low 5, volume 2. */
export const TABLE_DECIMALS = { price: 4, highLow: 5, volume: 2 } as const;

/**
 * The approximate US-dollar value of a price, taking a USDT as a dollar: the price itself for a
 * USDT pair, otherwise its CNY value at the rate of the pair's quotation (`cny_price` ÷ `now_price`)
 * divided by the USDT→CNY rate (`usdtCny`: `cny_price` ÷ `now_price` of a USDT pair), floored to cents.
 * Null while a figure it needs is missing.
 */
export function usdValue(price: string, item: Pick<QuotationItem, 'now_price' | 'cny_price' | 'legal_name'> | undefined, usdtCny: string | null): string | null {
  if (!item || !isPositive(price)) return null;
  if (item.legal_name === 'USDT' || item.legal_name === 'USD') return fixed(price, 2);
  const cny = cnyValue(price, item);
  if (cny === null || usdtCny === null || !isPositive(usdtCny)) return null;
  return divFloor(cny, usdtCny, 2);
}

/** CNY per USDT as the quotations carry it (`cny_price` ÷ `now_price` of a USDT pair); null without one. */
export function usdtCnyRate(groups: readonly { quotation: readonly Pick<QuotationItem, 'now_price' | 'cny_price' | 'legal_name'>[] }[]): string | null {
  for (const group of groups) {
    for (const item of group.quotation) {
      if (item.legal_name !== 'USDT' || !isPositive(item.now_price) || !isPositive(item.cny_price)) continue;
      return divFloor(item.cny_price, item.now_price, 8);
    }
  }
  return null;
}

/**
 * The approximate CNY value of a price (approximate values are always shown in CNY), at the rate the pair's quotation carries (`cny_price` ÷ `now_price`), floored to cents.
 * Null while the quotation has no positive prices.
 */
export function cnyValue(price: string, item: Pick<QuotationItem, 'now_price' | 'cny_price'> | undefined): string | null {
  if (!item || !isPositive(price) || !isPositive(item.now_price) || !isPositive(item.cny_price)) return null;
  const product = mulFloor(price, item.cny_price, 18);
  return product === null ? null : divFloor(product, item.now_price, 2);
}
