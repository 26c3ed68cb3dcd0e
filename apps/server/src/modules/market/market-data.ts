import { EventEmitter } from 'node:events';
import { systemClock, type Clock } from '../../lib/time';
import { formatAmount, parseAmount, tryParseAmount, type Atoms } from '../../core/amount';
import { CandleBook, type Candle } from './candle-book';
import { emptyTradeFeed } from './empty-feed';
import { cnyDecimals, fixed, multiply } from './format';
import { emptyColumns, seedHistory } from './history-seed';
import type { MarketRepository, TradeRow } from './market-repository';
import { symbolKey, toPairInfo, type PairInfo } from './pair-info';
import { bucketStart, type CandlePeriod } from './resolutions';
import { RollingDay, WINDOW_MINUTES, type DayStats } from './rolling-day';
import type { PairSettingsTick, TradeFeed, TradeTick } from './trade-feed';

/** The newest trades kept per pair (new_tradehistory, market_detail). */
export const RECENT_TRADES = 30;
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

/**
 * Market data for spot pairs, aggregated: candles of every resolution and the rolling 24 hours,
 * counted in memory from the trades the spot module publishes through a `TradeFeed`; changed
 * candles flushed to the database at most once a second in one statement. Its reads are the
 * figures themselves (atoms, candles, trades): the REST replies (`QuotationService`) and the push
 * payloads (`MarketPushPayloads`) shape them for the wire.
 */
export class MarketData {
  readonly events = new EventEmitter<MarketEvents>();
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
  private figuresVersion = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private lastReferenceRefresh = 0;
  private fault: (error: unknown) => void = (error) => console.error('market data:', error);

  constructor(
    private readonly repository: MarketRepository,
    feed: TradeFeed = emptyTradeFeed(),
    private readonly clock: Clock = systemClock,
    /**
     * Whether it writes candles and recent trades (and seeds a fresh install's history): only where
     * the core runs. A gateway counts the same trades from its copy of the core, in memory only.
     */
    private readonly writes = true,
  ) {
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
    if (this.writes) await this.seedMissingHistory();
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
    const written = this.writes ? this.repository.writeChanges(changes.full, changes.late, trades, RECENT_TRADES) : Promise.resolve();
    this.flushing = written
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

  /** The time on market data's clock, in ms. */
  now(): number {
    return this.clock().getTime();
  }

  /** Changes whenever a trade or an operator's edit may have changed any figure: a cache key. */
  get version(): number {
    return this.figuresVersion;
  }

  /** Every known pair. */
  allPairs(): IterableIterator<PairInfo> {
    return this.pairs.values();
  }

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

  /** The rolling 24 hours of a pair up to `now`; none before its first trade. */
  dayStats(pairId: number, now: number = this.now()): DayStats | undefined {
    return this.days.get(pairId)?.stats(now);
  }

  /** The rolling 24 hours of a pair. */
  ticker(pairId: number): Ticker | undefined {
    const pair = this.pairs.get(pairId);
    const stats = pair && this.dayStats(pairId);
    return pair && stats ? { pair, stats } : undefined;
  }

  /** CNY per USDT, as the operator set it (re-read with the pairs every few seconds). */
  usdtCnyRate(): Atoms {
    return this.cnyRate;
  }

  /** The last price in CNY at the operator's USDT→CNY rate, floored to max(2, price precision). */
  cnyPrice(pairId: number): string | undefined {
    const ticker = this.ticker(pairId);
    return ticker && fixed(multiply(ticker.stats.last, this.cnyRate), cnyDecimals(ticker.pair));
  }

  /** The newest trades of a pair, oldest first (at most RECENT_TRADES). */
  recentTrades(pairId: number): readonly TradeRow[] {
    return this.recent.get(pairId) ?? [];
  }

  /** The trades of a pair not pushed yet, oldest first (at most RECENT_TRADES); marks them pushed. */
  takeUnpushedTrades(pairId: number): TradeRow[] {
    const trades = this.unpushed.get(pairId) ?? [];
    this.unpushed.delete(pairId);
    return trades;
  }

  /** The candle a series is filling now. */
  currentCandle(pairId: number, period: CandlePeriod): Candle | undefined {
    return this.book.currentOf(pairId, period);
  }

  /** The daily candle of yesterday (platform time), while memory still holds it. */
  yesterdayCandle(pairId: number): Candle | undefined {
    const yesterday = bucketStart('1day', this.now()) - DAY;
    return [this.book.currentOf(pairId, '1day'), this.book.previousOf(pairId, '1day')].find((candle) => candle?.openTime === yesterday);
  }

  /**
   * The newest `limit` candles of a series opening in [fromMs, toMs], oldest first: the stored
   * ones with those not flushed yet laid over them.
   */
  async candles(pairId: number, period: CandlePeriod, fromMs: number, toMs: number, limit: number): Promise<Candle[]> {
    const stored = await this.repository.candles(pairId, period, new Date(fromMs), new Date(toMs), limit);
    const byTime = new Map(stored.map((candle) => [candle.openTime, candle]));
    for (const candle of this.book.inMemory(pairId, period)) {
      if (candle.openTime >= fromMs && candle.openTime <= toMs) byTime.set(candle.openTime, candle);
    }
    return [...byTime.values()].sort((a, b) => a.openTime - b.openTime).slice(-limit);
  }

  // ── internals ────────────────────────────────────────────────────────────────────────────

  private listen(feed: TradeFeed): void {
    feed.onTrades((ticks) => {
      if (this.currentFeed === feed) this.ingest(ticks);
    });
    feed.onPairSettings?.((changes) => {
      if (this.currentFeed === feed) this.applyPairSettings(changes);
    });
  }

  /**
   * An operator's change of pairs, as the core committed it: quotations and pushes show it at once
   * (the periodic reference refresh would catch up within REFERENCE_REFRESH_MS).
   */
  private applyPairSettings(changes: PairSettingsTick[]): void {
    for (const change of changes) {
      const pair = this.pairs.get(change.pairId);
      if (!pair) continue;
      const next: PairInfo = {
        ...pair,
        isDisplay: change.isDisplay ?? pair.isDisplay,
        pricePrecision: change.pricePrecision ?? pair.pricePrecision,
        quantityPrecision: change.quantityPrecision ?? pair.quantityPrecision,
        leverShareNum: change.leverShareNum ?? pair.leverShareNum,
        spread: change.spread ?? pair.spread,
        leverTradeFee: change.leverTradeFee ?? pair.leverTradeFee,
        openLever: change.openLever ?? pair.openLever,
      };
      this.pairs.set(next.id, next);
      this.bySymbol.set(symbolKey(next.symbol), next);
    }
    this.figuresVersion++;
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
    this.figuresVersion++;
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
    this.figuresVersion++;
  }

  /** A fresh install: 30 days of history for every pair that has no candle at all. */
  private async seedMissingHistory(): Promise<void> {
    const seeded = await this.repository.pairsWithCandles();
    const missing = [...this.pairs.values()].filter((pair) => !seeded.has(pair.id));
    if (missing.length === 0) return;
    const end = Math.floor(this.now() / MINUTE) * MINUTE;
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
