import { CRYPTO_MARKET_CATEGORY } from '@tessera/protocol';
import type { DaymarketPush, KlinePush, MarketDepthPush, MarketDetailPush, TransactionPush } from '@tessera/protocol';
import { tryParseAmount, type Atoms } from '../../core/amount';
import type { Candle } from './candle-book';
import { changePercent, fixed, recentTrade } from './format';
import { RECENT_TRADES, type MarketData } from './market-data';
import type { PairInfo } from './pair-info';
import { bucketStart, type CandlePeriod } from './resolutions';
import type { DepthSnapshot } from './trade-feed';

/** Levels per side in depth pushes and the `transaction` book. */
export const BOOK_LEVELS = 10;

/**
 * The payloads of the public market pushes, shaped from the figures `MarketData` aggregates;
 * realtime/market-pushes.ts decides when and to whom they go. Each is undefined for a pair market
 * data does not know (or, for the 24-hour ones, one that never traded).
 */
export class MarketPushPayloads {
  constructor(private readonly market: MarketData) {}

  /** The current candle of a series as a `kline` push. */
  kline(pairId: number, period: CandlePeriod): KlinePush | undefined {
    const pair = this.market.pair(pairId);
    const candle = this.market.currentCandle(pairId, period);
    return pair && candle ? { type: 'kline', ...klineFields(pair, period, candle, candle.openTime), change: this.dayChange(pairId) } : undefined;
  }

  /**
   * The bar of the period running now, traded or not: the current candle when it is of this
   * bucket, otherwise a flat bar at the last price (the reference price before the first trade)
   * with no volume. Clients price market orders from it, so every pair has one at any time.
   */
  currentBar(pairId: number, period: CandlePeriod): KlinePush | undefined {
    const pair = this.market.pair(pairId);
    if (!pair) return undefined;
    const openTime = bucketStart(period, this.market.now());
    const candle = this.market.currentCandle(pairId, period);
    if (candle?.openTime === openTime) return this.kline(pairId, period);
    const last = this.market.ticker(pairId)?.stats.last ?? candle?.close ?? pair.referencePrice;
    const bar = { open: last, close: last, high: last, low: last, volume: 0n };
    return { type: 'kline', ...klineFields(pair, period, bar, openTime), change: this.dayChange(pairId) };
  }

  /** The rolling 24 h change of a pair, 0.00 before its first trade. */
  private dayChange(pairId: number): string {
    const stats = this.market.ticker(pairId)?.stats;
    return stats ? changePercent(stats.last, stats.reference) : '0.00';
  }

  /** A flushed candle as a `kline` push, if it is still the current one of its series. */
  flushedKline(candle: Candle): KlinePush | undefined {
    const current = this.market.currentCandle(candle.pairId, candle.period);
    return current?.openTime === candle.openTime ? this.kline(candle.pairId, candle.period) : undefined;
  }

  /** The rolling 24 hours as a daily `kline`-like push, with the last price and the change. */
  daymarket(pairId: number): DaymarketPush | undefined {
    const ticker = this.market.ticker(pairId);
    if (!ticker) return undefined;
    const { pair, stats } = ticker;
    const bar = { open: stats.reference, close: stats.last, high: stats.high, low: stats.low, volume: stats.volume };
    return {
      type: 'daymarket',
      ...klineFields(pair, '1day', bar, this.market.now()),
      now_price: fixed(stats.last, pair.pricePrecision),
      change: changePercent(stats.last, stats.reference),
      currency_type: CRYPTO_MARKET_CATEGORY,
    };
  }

  /** The trades of a pair not pushed yet, newest first (at most RECENT_TRADES); marks them pushed. */
  marketDetail(pairId: number): MarketDetailPush | undefined {
    const trades = this.market.takeUnpushedTrades(pairId);
    const pair = this.market.pair(pairId);
    if (!pair || trades.length === 0) return undefined;
    const data = trades
      .slice(-RECENT_TRADES)
      .reverse()
      .map((trade) => recentTrade(trade, pair));
    return { type: 'market_detail', legal_id: pair.legalId, currency_id: pair.currencyId, data };
  }

  marketDepth(pairId: number, depth: DepthSnapshot): MarketDepthPush | undefined {
    const pair = this.market.pair(pairId);
    if (!pair) return undefined;
    const levels = (side: [string, string][]) => bookLevels(side, pair).map((level): [string, string] => [level.price, level.number]);
    return { type: 'market_depth', legal_id: pair.legalId, currency_id: pair.currencyId, bids: levels(depth.bids), asks: levels(depth.asks) };
  }

  /** The book, the share of bids in it, and yesterday's and today's candles, for the trade desk. */
  transaction(pairId: number, depth: DepthSnapshot): TransactionPush | undefined {
    const ticker = this.market.ticker(pairId);
    if (!ticker) return undefined;
    const { pair, stats } = ticker;
    const side = (levels: [string, string][]) => bookLevels(levels, pair).map(({ price, number }) => ({ price, number }));
    const sum = (levels: [string, string][]) => bookLevels(levels, pair).reduce((total, level) => total + level.quantity, 0n);
    const bids = sum(depth.bids);
    const both = bids + sum(depth.asks);
    const price = (atoms: Atoms) => fixed(atoms, pair.pricePrecision);
    const dayCandle = (candle: Candle | undefined) =>
      candle
        ? { open: price(candle.open), high: price(candle.high), low: price(candle.low), close: price(candle.close), volume: fixed(candle.volume, pair.quantityPrecision) }
        : {};
    return {
      type: 'transaction',
      legal_id: pair.legalId,
      currency_id: pair.currencyId,
      last_price: price(stats.last),
      in: JSON.stringify(side(depth.bids)),
      out: JSON.stringify(side(depth.asks)),
      proportion: both > 0n ? percentOf(bids, both) : '0.00',
      yesterday: JSON.stringify(dayCandle(this.market.yesterdayCandle(pairId))),
      today: JSON.stringify({
        open: price(stats.reference),
        high: price(stats.high),
        low: price(stats.low),
        close: price(stats.last),
        volume: fixed(stats.volume, pair.quantityPrecision),
        change: changePercent(stats.last, stats.reference),
      }),
    };
  }
}

/** The pair and candle fields of `kline` (and of `daymarket`), in the order old clients list them. */
function klineFields(
  pair: PairInfo,
  period: KlinePush['period'],
  bar: { open: Atoms; close: Atoms; high: Atoms; low: Atoms; volume: Atoms },
  timeMs: number,
) {
  return {
    period,
    match_id: pair.id,
    currency_id: pair.currencyId,
    currency_name: pair.currencyName,
    legal_id: pair.legalId,
    legal_name: pair.legalName,
    open: fixed(bar.open, pair.pricePrecision),
    close: fixed(bar.close, pair.pricePrecision),
    high: fixed(bar.high, pair.pricePrecision),
    low: fixed(bar.low, pair.pricePrecision),
    volume: fixed(bar.volume, pair.quantityPrecision),
    symbol: pair.symbol,
    time: timeMs,
  };
}

/** A book side from the feed, cut to BOOK_LEVELS and shown at the pair's precisions. */
function bookLevels(levels: [string, string][], pair: PairInfo): { price: string; number: string; quantity: Atoms }[] {
  const shown: { price: string; number: string; quantity: Atoms }[] = [];
  for (const [priceText, quantityText] of levels.slice(0, BOOK_LEVELS)) {
    const price = tryParseAmount(priceText);
    const quantity = tryParseAmount(quantityText);
    if (price === undefined || quantity === undefined) continue;
    shown.push({ price: fixed(price, pair.pricePrecision), number: fixed(quantity, pair.quantityPrecision), quantity });
  }
  return shown;
}

/** `part` as a percentage of `whole`, truncated to 2 decimals. */
function percentOf(part: Atoms, whole: Atoms): string {
  const basisPoints = (part * 10_000n) / whole;
  return `${basisPoints / 100n}.${(basisPoints % 100n).toString().padStart(2, '0')}`;
}
