import { CRYPTO_MARKET_CATEGORY, MAX_CANDLES_PER_REPLY, type CandleBar, type QuotationGroup, type QuotationItem, type RecentTrade } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import type { Atoms } from '../../core/amount';
import type { Candle } from './candle-book';
import { changePercent, cnyDecimals, displayFigure, fixed, multiply, recentTrade } from './format';
import type { MarketData } from './market-data';
import type { PairInfo } from './pair-info';
import { bucketStart, nominalLength, parsePeriod } from './resolutions';

const MINUTE = 60_000;

export interface TimeshareQuery {
  symbol: string;
  period: string;
  from?: number | undefined;
  to?: number | undefined;
}

/**
 * The REST replies of market data: quotations, candles and recent trades as old clients read
 * them, shaped from the figures `MarketData` aggregates. Quotations are built once a minute, or
 * sooner when a trade or an operator's edit changed a figure.
 */
export class QuotationService {
  private quotationCache: { key: string; groups: QuotationGroup[] } | undefined;

  constructor(private readonly market: MarketData) {}

  /** currency/quotation_new: one group per quote currency, from memory. */
  quotation(): QuotationGroup[] {
    const now = this.market.now();
    const key = `${this.market.version}:${Math.floor(now / MINUTE)}`;
    if (this.quotationCache?.key === key) return this.quotationCache.groups;
    const groups = new Map<number, QuotationGroup>();
    for (const pair of this.market.allPairs()) {
      let group = groups.get(pair.legalId);
      if (!group) {
        group = { id: pair.legalId, name: pair.legalName, quotation: [] };
        groups.set(pair.legalId, group);
      }
      group.quotation.push(this.quotationItem(pair, now));
    }
    const list = [...groups.values()];
    this.quotationCache = { key, groups: list };
    return list;
  }

  /** currency/new_timeshar: the newest candles overlapping the range (at most the cap), oldest first. */
  async timeshare(query: TimeshareQuery): Promise<{ code: 1 | -1; data: CandleBar[] }> {
    const pair = this.market.pairBySymbol(query.symbol);
    if (!pair) refuse('pair not found');
    const period = parsePeriod(query.period);
    if (!period) refuse('parameter error');
    const to = query.to !== undefined ? query.to * 1000 : this.market.now();
    const asked = query.from !== undefined ? query.from * 1000 : Math.max(0, to - nominalLength(period) * MAX_CANDLES_PER_REPLY);
    if (asked > to) refuse('parameter error');
    // every candle whose bucket overlaps [from, to]: a 7-day window still shows this month's candle
    const from = bucketStart(period, asked);
    const candles = await this.market.candles(pair.id, period, from, to, MAX_CANDLES_PER_REPLY);
    const data = candles.map((candle) => candleBar(candle, pair));
    return { code: data.length > 0 ? 1 : -1, data };
  }

  /** currency/new_tradehistory: the newest trades, newest first. */
  tradeHistory(legalId: number, currencyId: number): RecentTrade[] {
    const pair = this.market.pairOf(currencyId, legalId);
    if (!pair) refuse('pair not found');
    return [...this.market.recentTrades(pair.id)].reverse().map((trade) => recentTrade(trade, pair));
  }

  private quotationItem(pair: PairInfo, now: number): QuotationItem {
    const stats = this.market.dayStats(pair.id, now);
    const last = stats?.last ?? pair.referencePrice;
    const price = (atoms: Atoms) => displayFigure(fixed(atoms, pair.pricePrecision), pair.pricePrecision);
    return {
      id: pair.id,
      legal_id: pair.legalId,
      currency_id: pair.currencyId,
      legal_name: pair.legalName,
      currency_name: pair.currencyName,
      symbol: pair.symbol,
      now_price: price(last),
      change: stats ? changePercent(stats.last, stats.reference) : '0.00',
      volume: displayFigure(fixed(stats?.volume ?? 0n, pair.quantityPrecision), pair.quantityPrecision),
      high: price(stats?.high ?? last),
      low: price(stats?.low ?? last),
      cny_price: fixed(multiply(last, this.market.usdtCnyRate()), cnyDecimals(pair)),
      is_display: pair.isDisplay ? 1 : 0,
      logo: pair.logo,
      lever_share_num: pair.leverShareNum,
      spread: pair.spread,
      lever_trade_fee: pair.leverTradeFee,
      open_microtrade: pair.openMicrotrade ? 1 : 0,
      open_lever: pair.openLever ? 1 : 0,
      price_precision: pair.pricePrecision,
      quantity_precision: pair.quantityPrecision,
      currency_type: CRYPTO_MARKET_CATEGORY,
    };
  }
}

/** A candle of the chart history, at the pair's precisions. */
function candleBar(candle: Candle, pair: PairInfo): CandleBar {
  return {
    id: Math.floor(candle.openTime / 1000),
    time: candle.openTime,
    open: fixed(candle.open, pair.pricePrecision),
    close: fixed(candle.close, pair.pricePrecision),
    high: fixed(candle.high, pair.pricePrecision),
    low: fixed(candle.low, pair.pricePrecision),
    volume: fixed(candle.volume, pair.quantityPrecision),
    period: candle.period,
    change: changePercent(candle.close, candle.open),
    symbol: pair.symbol,
  };
}
