import { EventEmitter } from 'node:events';
import {
  MAX_CANDLES_PER_REPLY,
  type CandleBar,
  type DaymarketPush,
  type KlinePush,
  type MarketDepthPush,
  type QuotationGroup,
  type QuotationItem,
  type RecentTrade,
  type TransactionPush,
} from '@tessera/protocol';
import type { Database } from '../../db/database';
import { refuse } from '../../core/refusal';
import { systemClock, type Clock } from '../../lib/time';
import { formatAmount, parseAmount, tryParseAmount, type Atoms } from '../../core/amount';
import { CandleBook, type Candle } from './candle-book';
import { emptyTradeFeed } from './empty-feed';
import {
  candleBar,
  changePercent,
  cnyDecimals,
  displayFigure,
  fixed,
  klineFields,
  multiply,
  recentTrade,
  type PairInfo,
} from './format';
import { emptyColumns, seedHistory } from './history-seed';
import { MarketRepository, type PairRow, type TradeRow } from './market-repository';
import { bucketStart, nominalLength, parsePeriod, type CandlePeriod } from './resolutions';
import { RollingDay, WINDOW_MINUTES, type DayStats } from './rolling-day';
import type { DepthSnapshot, TradeFeed, TradeTick } from './trade-feed';

/** The newest trades kept per pair (new_tradehistory, market_detail). */
export const RECENT_TRADES = 30;
/** Levels per side in depth pushes and the `transaction` book. */
export const BOOK_LEVELS = 10;
const FLUSH_INTERVAL_MS = 1000;
const MAX_UNSAVED_TRADES = 10_000;
/** Pairs, precisions and the CNY rate are read again this often (operators edit them). */
const REFERENCE_REFRESH_MS = 10_000;
const MINUTE = 60_000;
const DAY = 86_400_000;

export interface MarketEvents {
  /** pairs that traded, once per batch of ticks */
  trades: [pairIds: number[]];
  /** candles written by a flush (copies), for the periodic kline pushes */
  flushed: [candles: Candle[]];
}

export interface Ticker {
  pair: PairInfo;
  stats: DayStats;
}

export interface TimeshareQuery {
  symbol: string;
  period: string;
  from?: number | undefined;
  to?: number | undefined;
}

/**
 * Market data for spot pairs (ARCHITECTURE "Market data"): candles of every resolution and the
 * rolling 24 hours, aggregated in memory from the trades the spot module publishes through a
 * `TradeFeed`; changed candles flushed to the database at most once a second in one statement.
 * Reads (quotations, recent trades, push payloads) are answered from memory; candle history from
 * the database with the unflushed candles laid over it.
 */
export class MarketData {
  readonly events = new EventEmitter<MarketEvents>();
  private readonly repository: MarketRepository;
  private currentFeed: TradeFeed;
  private pairs = new Map<number, PairInfo>();
  private bySymbol = new Map<string, PairInfo>();
  private cnyRate: Atoms = 0n;
  private readonly book = new CandleBook();
  private readonly days = new Map<number, RollingDay>();
  /** per pair, oldest first, at most RECENT_TRADES */
  private readonly recent = new Map<number, TradeRow[]>();
  /** per pair, trades not pushed yet (market_detail) */
  private readonly unpushed = new Map<number, TradeRow[]>();
  private unsavedTrades: TradeRow[] = [];
  private quotationCache: { key: string; groups: QuotationGroup[] } | undefined;
  private quotationVersion = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private lastReferenceRefresh = 0;
  private fault: (error: unknown) => void = (error) => console.error('market data:', error);

  constructor(
    db: Database,
    feed: TradeFeed = emptyTradeFeed(),
    private readonly clock: Clock = systemClock,
  ) {
    this.repository = new MarketRepository(db);
    this.currentFeed = feed;
    this.listen(feed);
  }

  /** The feed the trades and books come from. */
  get feed(): TradeFeed {
    return this.currentFeed;
  }

  /** Listens to another feed from now on (the spot module's, or a test's); the old one is ignored. */
  connect(feed: TradeFeed): void {
    this.currentFeed = feed;
    this.listen(feed);
  }

  /**
   * Loads pairs, seeds the history of pairs that have no candle yet (a fresh install), loads the
   * current candles, the last 24 hours and the newest trades, and starts the flush timer.
   */
  async start(onFault?: (error: unknown) => void): Promise<void> {
    if (onFault) this.fault = onFault;
    if (this.timer) throw new Error('market data already started');
    await this.refreshReference();
    await this.seedMissingHistory();
    const now = this.clock().getTime();
    const [candles, minutes, trades] = await Promise.all([
      this.repository.latestCandles(),
      this.repository.minuteBars(new Date(Math.floor(now / MINUTE) * MINUTE - (WINDOW_MINUTES - 1) * MINUTE)),
      this.repository.recentTrades(),
    ]);
    this.book.load(candles);
    for (const pair of this.pairs.values()) this.dayOf(pair.id).load(minutes.bars.get(pair.id) ?? [], minutes.before.get(pair.id));
    for (const trade of trades) this.remember(trade);
    this.timer = setInterval(() => void this.tick(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops the timer and writes what is still in memory. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Writes the changed candles and new trades now (the timer does it every second). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (!this.book.hasChanges && this.unsavedTrades.length === 0) return;
    const changes = this.book.takeChanges();
    const trades = this.unsavedTrades;
    this.unsavedTrades = [];
    this.flushing = this.repository
      .writeChanges(changes.full, changes.late, trades, RECENT_TRADES)
      .then(() => {
        if (changes.full.length > 0) this.events.emit('flushed', changes.full);
      })
      .catch((error: unknown) => {
        this.book.restoreChanges(changes);
        // the trades are a convenience copy (spot keeps the real ones): keep a bounded backlog
        this.unsavedTrades = [...trades, ...this.unsavedTrades].slice(-MAX_UNSAVED_TRADES);
        this.fault(error);
      })
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
  }

  // ── reads ────────────────────────────────────────────────────────────────────────────────

  pair(pairId: number): PairInfo | undefined {
    return this.pairs.get(pairId);
  }

  pairOf(currencyId: number, legalId: number): PairInfo | undefined {
    for (const pair of this.pairs.values()) if (pair.currencyId === currencyId && pair.legalId === legalId) return pair;
    return undefined;
  }

  /** `BTC/USDT`, `BTCUSDT`, `btc_usdt`, `btc-usdt`. */
  pairBySymbol(symbol: string): PairInfo | undefined {
    return this.bySymbol.get(symbolKey(symbol));
  }

  /** The last trade price as exact decimal text (what leverage and second contracts mark to). */
  lastPrice(pairId: number): string | undefined {
    const last = this.days.get(pairId)?.lastPrice();
    return last === undefined ? undefined : formatAmount(last);
  }

  /** The rolling 24 hours of a pair. */
  ticker(pairId: number): Ticker | undefined {
    const pair = this.pairs.get(pairId);
    const stats = pair && this.days.get(pairId)?.stats(this.clock().getTime());
    return pair && stats ? { pair, stats } : undefined;
  }

  /** The last price in CNY at the operator's USDT→CNY rate, floored to max(2, price precision). */
  /** CNY per USDT, as the operator set it (re-read with the pairs every few seconds). */
  usdtCnyRate(): Atoms {
    return this.cnyRate;
  }

  cnyPrice(pairId: number): string | undefined {
    const ticker = this.ticker(pairId);
    return ticker && fixed(multiply(ticker.stats.last, this.cnyRate), cnyDecimals(ticker.pair));
  }

  /** currency/quotation_new: one group per quote currency, from memory. */
  quotation(): QuotationGroup[] {
    const now = this.clock().getTime();
    const key = `${this.quotationVersion}:${Math.floor(now / MINUTE)}`;
    if (this.quotationCache?.key === key) return this.quotationCache.groups;
    const groups = new Map<number, QuotationGroup>();
    for (const pair of this.pairs.values()) {
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
    const pair = this.pairBySymbol(query.symbol);
    if (!pair) refuse('pair not found');
    const period = parsePeriod(query.period);
    if (!period) refuse('parameter error');
    const to = query.to !== undefined ? query.to * 1000 : this.clock().getTime();
    const asked = query.from !== undefined ? query.from * 1000 : Math.max(0, to - nominalLength(period) * MAX_CANDLES_PER_REPLY);
    if (asked > to) refuse('parameter error');
    // every candle whose bucket overlaps [from, to]: a 7-day window still shows this month's candle
    const from = bucketStart(period, asked);
    const stored = await this.repository.candles(pair.id, period, new Date(from), new Date(to), MAX_CANDLES_PER_REPLY);
    const byTime = new Map(stored.map((candle) => [candle.openTime, candle]));
    for (const candle of this.book.inMemory(pair.id, period)) {
      if (candle.openTime >= from && candle.openTime <= to) byTime.set(candle.openTime, candle);
    }
    const data = [...byTime.values()]
      .sort((a, b) => a.openTime - b.openTime)
      .slice(-MAX_CANDLES_PER_REPLY)
      .map((candle) => candleBar(candle, pair));
    return { code: data.length > 0 ? 1 : -1, data };
  }

  /** currency/new_tradehistory: the newest trades, newest first. */
  tradeHistory(legalId: number, currencyId: number): RecentTrade[] {
    const pair = this.pairOf(currencyId, legalId);
    if (!pair) refuse('pair not found');
    return [...(this.recent.get(pair.id) ?? [])].reverse().map((trade) => recentTrade(trade, pair));
  }

  // ── push payloads (realtime/market-pushes.ts sends them) ────────────────────────────────

  /** The current candle of a series as a `kline` push. */
  klinePush(pairId: number, period: CandlePeriod): KlinePush | undefined {
    const pair = this.pairs.get(pairId);
    const candle = this.book.currentOf(pairId, period);
    return pair && candle ? { type: 'kline', ...klineFields(pair, period, candle, candle.openTime) } : undefined;
  }

  /** A flushed candle as a `kline` push, if it is still the current one of its series. */
  flushedKline(candle: Candle): KlinePush | undefined {
    const current = this.book.currentOf(candle.pairId, candle.period);
    return current?.openTime === candle.openTime ? this.klinePush(candle.pairId, candle.period) : undefined;
  }

  daymarketPush(pairId: number): DaymarketPush | undefined {
    const ticker = this.ticker(pairId);
    if (!ticker) return undefined;
    const { pair, stats } = ticker;
    const bar = { open: stats.reference, close: stats.last, high: stats.high, low: stats.low, volume: stats.volume };
    return {
      type: 'daymarket',
      ...klineFields(pair, '1day', bar, this.clock().getTime()),
      now_price: fixed(stats.last, pair.pricePrecision),
      change: changePercent(stats.last, stats.reference),
    };
  }

  /** The trades of a pair not pushed yet, newest first (at most RECENT_TRADES); marks them pushed. */
  takeUnpushedTrades(pairId: number): RecentTrade[] {
    const pair = this.pairs.get(pairId);
    const trades = this.unpushed.get(pairId) ?? [];
    this.unpushed.delete(pairId);
    if (!pair) return [];
    return trades
      .slice(-RECENT_TRADES)
      .reverse()
      .map((trade) => recentTrade(trade, pair));
  }

  depthPush(pairId: number, depth: DepthSnapshot): MarketDepthPush | undefined {
    const pair = this.pairs.get(pairId);
    if (!pair) return undefined;
    const levels = (side: [string, string][]) => bookLevels(side, pair).map((level): [string, string] => [level.price, level.number]);
    return { type: 'market_depth', legal_id: pair.legalId, currency_id: pair.currencyId, bids: levels(depth.bids), asks: levels(depth.asks) };
  }

  transactionPush(pairId: number, depth: DepthSnapshot): TransactionPush | undefined {
    const ticker = this.ticker(pairId);
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
      yesterday: JSON.stringify(dayCandle(this.yesterdayCandle(pairId))),
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

  // ── internals ────────────────────────────────────────────────────────────────────────────

  private listen(feed: TradeFeed): void {
    feed.onTrades((ticks) => {
      if (this.currentFeed === feed) this.ingest(ticks);
    });
  }

  /** Counts a batch of trades: candles, the 24 hours, the recent list; then tells the pushes. */
  private ingest(ticks: TradeTick[]): void {
    const touched = new Set<number>();
    for (const tick of ticks) {
      const pair = this.pairs.get(tick.pairId);
      const price = tryParseAmount(tick.price);
      const quantity = tryParseAmount(tick.quantity);
      if (!pair || price === undefined || quantity === undefined || price <= 0n || quantity <= 0n) {
        this.fault(new Error(`market data ignored a trade it cannot place: ${JSON.stringify(tick)}`));
        continue;
      }
      const time = tick.time.getTime();
      this.book.apply(pair.id, time, price, quantity);
      this.dayOf(pair.id).trade(time, price, quantity);
      const row: TradeRow = { pairId: pair.id, tradeId: tick.tradeId, price, quantity, takerSide: tick.takerSide, time: tick.time };
      this.remember(row);
      const unpushed = this.unpushed.get(pair.id) ?? [];
      unpushed.push(row);
      if (unpushed.length > RECENT_TRADES) unpushed.splice(0, unpushed.length - RECENT_TRADES);
      this.unpushed.set(pair.id, unpushed);
      this.unsavedTrades.push(row);
      touched.add(pair.id);
    }
    if (touched.size === 0) return;
    this.quotationVersion++;
    this.events.emit('trades', [...touched]);
  }

  private remember(trade: TradeRow): void {
    const list = this.recent.get(trade.pairId) ?? [];
    list.push(trade);
    if (list.length > RECENT_TRADES) list.splice(0, list.length - RECENT_TRADES);
    this.recent.set(trade.pairId, list);
  }

  private dayOf(pairId: number): RollingDay {
    let day = this.days.get(pairId);
    if (!day) {
      day = new RollingDay(() => this.pairs.get(pairId)?.referencePrice);
      this.days.set(pairId, day);
    }
    return day;
  }

  private yesterdayCandle(pairId: number): Candle | undefined {
    const yesterday = bucketStart('1day', this.clock().getTime()) - DAY;
    return [this.book.currentOf(pairId, '1day'), this.book.previousOf(pairId, '1day')].find((candle) => candle?.openTime === yesterday);
  }

  private quotationItem(pair: PairInfo, now: number): QuotationItem {
    const stats = this.days.get(pair.id)?.stats(now);
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
      cny_price: fixed(multiply(last, this.cnyRate), cnyDecimals(pair)),
      is_display: pair.isDisplay ? 1 : 0,
      logo: pair.logo,
      lever_share_num: pair.leverShareNum,
      spread: pair.spread,
      lever_trade_fee: pair.leverTradeFee,
      open_microtrade: pair.openMicrotrade ? 1 : 0,
      open_lever: pair.openLever ? 1 : 0,
      price_precision: pair.pricePrecision,
      quantity_precision: pair.quantityPrecision,
    };
  }

  private async tick(): Promise<void> {
    try {
      await this.flush();
      if (Date.now() - this.lastReferenceRefresh >= REFERENCE_REFRESH_MS) await this.refreshReference();
    } catch (error) {
      this.fault(error);
    }
  }

  /** Reads pairs and the CNY rate again: an operator may have changed them. */
  async refreshReference(): Promise<void> {
    const [rows, rate] = await Promise.all([this.repository.listPairs(), this.repository.cnyRate()]);
    const pairs = new Map(rows.map((row) => [row.id, toPairInfo(row)]));
    this.pairs = pairs;
    this.bySymbol = new Map([...pairs.values()].map((pair) => [symbolKey(pair.symbol), pair]));
    this.cnyRate = rate === undefined ? 0n : parseAmount(rate);
    this.lastReferenceRefresh = Date.now();
    this.quotationVersion++;
  }

  /** A fresh install: 30 days of history for every pair that has no candle at all. */
  private async seedMissingHistory(): Promise<void> {
    const seeded = await this.repository.pairsWithCandles();
    const missing = [...this.pairs.values()].filter((pair) => !seeded.has(pair.id));
    if (missing.length === 0) return;
    const end = Math.floor(this.clock().getTime() / MINUTE) * MINUTE;
    const columns = emptyColumns();
    for (const pair of missing) {
      seedHistory(
        {
          pairId: pair.id,
          currencyName: pair.currencyName,
          referencePrice: formatAmount(pair.referencePrice),
          pricePrecision: pair.pricePrecision,
          quantityPrecision: pair.quantityPrecision,
        },
        end,
        columns,
      );
    }
    await this.repository.insertSeed(columns);
  }
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

function percentOf(part: Atoms, whole: Atoms): string {
  const basisPoints = (part * 10_000n) / whole;
  return `${basisPoints / 100n}.${(basisPoints % 100n).toString().padStart(2, '0')}`;
}

function symbolKey(symbol: string): string {
  return symbol.toUpperCase().replace(/[/_\-\s]/g, '');
}

function decimal(text: string): string {
  return formatAmount(parseAmount(text));
}

function toPairInfo(row: PairRow): PairInfo {
  return {
    id: row.id,
    currencyId: row.currency_id,
    legalId: row.legal_id,
    currencyName: row.currency_name,
    legalName: row.legal_name,
    symbol: `${row.currency_name}/${row.legal_name}`,
    logo: row.logo,
    referencePrice: parseAmount(row.usdt_price),
    pricePrecision: row.price_precision,
    quantityPrecision: row.quantity_precision,
    leverShareNum: decimal(row.lever_share_num),
    spread: decimal(row.spread),
    leverTradeFee: decimal(row.lever_trade_fee),
    isDisplay: row.is_display,
    openMicrotrade: row.open_microtrade,
    openLever: row.open_lever,
  };
}
