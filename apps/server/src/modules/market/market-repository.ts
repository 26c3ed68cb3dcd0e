import type { Database, Queryable } from '../../db/database';
import { formatAmount, parseAmount } from '../../core/amount';
import type { Candle } from './candle-book';
import type { SeedColumns } from './history-seed';
import type { MinuteBar } from './rolling-day';
import { CANDLE_PERIODS, type CandlePeriod } from './resolutions';

export interface PairRow {
  id: number;
  currency_id: number;
  legal_id: number;
  currency_name: string;
  legal_name: string;
  logo: string;
  usdt_price: string;
  price_precision: number;
  quantity_precision: number;
  lever_share_num: string;
  spread: string;
  lever_trade_fee: string;
  is_display: boolean;
  open_microtrade: boolean;
  open_lever: boolean;
}

export interface TradeRow {
  pairId: number;
  tradeId: number;
  price: bigint;
  quantity: bigint;
  takerSide: 'buy' | 'sell';
  time: Date;
}

interface CandleRow {
  pair_id: number;
  period: string;
  open_time: Date;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

const CANDLE_COLUMNS = 'pair_id, period, open_time, open, high, low, close, volume';
/** Rows given as column arrays: one statement, however many rows. */
const UNNEST_CANDLES = `select p, per, to_timestamp(t), o, h, l, c, v
  from unnest($1::int[], $2::text[], $3::int8[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[])
    as u(p, per, t, o, h, l, c, v)`;
const SEED_BATCH = 12_000;

function toCandle(row: CandleRow): Candle {
  return {
    pairId: row.pair_id,
    period: row.period as CandlePeriod,
    openTime: row.open_time.getTime(),
    open: parseAmount(row.open),
    high: parseAmount(row.high),
    low: parseAmount(row.low),
    close: parseAmount(row.close),
    volume: parseAmount(row.volume),
  };
}

function toBar(row: CandleRow): MinuteBar {
  const { openTime, open, high, low, close, volume } = toCandle(row);
  return { time: openTime, open, high, low, close, volume };
}

function candleParams(candles: Candle[]): unknown[] {
  return [
    candles.map((candle) => candle.pairId),
    candles.map((candle) => candle.period),
    candles.map((candle) => Math.floor(candle.openTime / 1000)),
    candles.map((candle) => formatAmount(candle.open)),
    candles.map((candle) => formatAmount(candle.high)),
    candles.map((candle) => formatAmount(candle.low)),
    candles.map((candle) => formatAmount(candle.close)),
    candles.map((candle) => formatAmount(candle.volume)),
  ];
}

/** SQL of the market-data module: candles, the newest trades, and the pairs it quotes. */
export class MarketRepository {
  constructor(private readonly db: Database) {}

  listPairs(): Promise<PairRow[]> {
    return this.db.query<PairRow>(
      `select p.id, p.currency_id, p.legal_id, c.name as currency_name, l.name as legal_name, c.logo,
              c.usdt_price::text as usdt_price, p.price_precision, p.quantity_precision,
              p.lever_share_num::text as lever_share_num, p.spread::text as spread,
              p.lever_trade_fee::text as lever_trade_fee, p.is_display, p.open_microtrade, p.open_lever
         from currency_pairs p
         join currencies c on c.id = p.currency_id
         join currencies l on l.id = p.legal_id
        order by l.sort, l.id, p.sort, p.id`,
    );
  }

  /** How much CNY one USDT is worth, as the operator set it (fiat_currencies). */
  async cnyRate(): Promise<string | undefined> {
    const rows = await this.db.query<{ usdt_rate: string }>(`select usdt_rate::text as usdt_rate from fiat_currencies where name = 'CNY'`);
    return rows[0]?.usdt_rate;
  }

  async pairsWithCandles(): Promise<Set<number>> {
    const rows = await this.db.query<{ pair_id: number }>(
      `select p.id as pair_id from currency_pairs p where exists (select 1 from candles c where c.pair_id = p.id)`,
    );
    return new Set(rows.map((row) => row.pair_id));
  }

  /** Writes a fresh install's history in one transaction: all of it, or none. */
  async insertSeed(columns: SeedColumns): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (let start = 0; start < columns.pairId.length; start += SEED_BATCH) {
        const slice = <T>(values: T[]) => values.slice(start, start + SEED_BATCH);
        await tx.query(`insert into candles (${CANDLE_COLUMNS}) ${UNNEST_CANDLES} on conflict do nothing`, [
          slice(columns.pairId),
          slice(columns.period),
          slice(columns.openTime),
          slice(columns.open),
          slice(columns.high),
          slice(columns.low),
          slice(columns.close),
          slice(columns.volume),
        ]);
      }
    });
  }

  /** The newest two candles of every pair and resolution. */
  async latestCandles(): Promise<Candle[]> {
    const rows = await this.db.query<CandleRow>(
      `select c.${CANDLE_COLUMNS.split(', ').join(', c.')}
         from currency_pairs p
        cross join unnest($1::text[]) as r(period)
        cross join lateral (
          select * from candles
           where pair_id = p.id and period = r.period
           order by open_time desc
           limit 2
        ) c`,
      [CANDLE_PERIODS],
    );
    return rows.map(toCandle);
  }

  /** 1-minute candles from `since` on, per pair, and the newest one before `since`. */
  async minuteBars(since: Date): Promise<{ bars: Map<number, MinuteBar[]>; before: Map<number, MinuteBar> }> {
    const [inside, older] = await Promise.all([
      this.db.query<CandleRow>(
        `select ${CANDLE_COLUMNS} from candles where period = '1min' and open_time >= $1 order by pair_id, open_time`,
        [since],
      ),
      this.db.query<CandleRow>(
        `select c.${CANDLE_COLUMNS.split(', ').join(', c.')}
           from currency_pairs p
          cross join lateral (
            select * from candles
             where pair_id = p.id and period = '1min' and open_time < $1
             order by open_time desc
             limit 1
          ) c`,
        [since],
      ),
    ]);
    const bars = new Map<number, MinuteBar[]>();
    for (const row of inside) {
      const list = bars.get(row.pair_id) ?? [];
      list.push(toBar(row));
      bars.set(row.pair_id, list);
    }
    return { bars, before: new Map(older.map((row) => [row.pair_id, toBar(row)])) };
  }

  /** The newest `limit` candles of a series with open time in [from, to], newest first. */
  async candles(pairId: number, period: CandlePeriod, from: Date, to: Date, limit: number): Promise<Candle[]> {
    const rows = await this.db.query<CandleRow>(
      `select ${CANDLE_COLUMNS} from candles
        where pair_id = $1 and period = $2 and open_time >= $3 and open_time <= $4
        order by open_time desc
        limit $5`,
      [pairId, period, from, to, limit],
    );
    return rows.map(toCandle);
  }

  /**
   * One flush: changed candles upserted as they are in memory (one statement), late deltas
   * merged, new trades added and each pair's list cut back to its newest `keepTrades`.
   */
  async writeChanges(full: Candle[], late: Candle[], trades: TradeRow[], keepTrades: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (full.length > 0) {
        await tx.query(
          `insert into candles (${CANDLE_COLUMNS}) ${UNNEST_CANDLES}
           on conflict (pair_id, period, open_time) do update
             set open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume`,
          candleParams(full),
        );
      }
      if (late.length > 0) {
        await tx.query(
          `insert into candles as k (${CANDLE_COLUMNS}) ${UNNEST_CANDLES}
           on conflict (pair_id, period, open_time) do update
             set high = greatest(k.high, excluded.high), low = least(k.low, excluded.low), volume = k.volume + excluded.volume`,
          candleParams(late),
        );
      }
      if (trades.length > 0) await this.writeTrades(tx, trades, keepTrades);
    });
  }

  private async writeTrades(tx: Queryable, trades: TradeRow[], keep: number): Promise<void> {
    await tx.query(
      `insert into market_recent_trades (pair_id, trade_id, price, quantity, taker_side, traded_at)
       select * from unnest($1::int[], $2::int8[], $3::numeric[], $4::numeric[], $5::text[], $6::timestamptz[])
       on conflict do nothing`,
      [
        trades.map((trade) => trade.pairId),
        trades.map((trade) => trade.tradeId),
        trades.map((trade) => formatAmount(trade.price)),
        trades.map((trade) => formatAmount(trade.quantity)),
        trades.map((trade) => trade.takerSide),
        trades.map((trade) => trade.time.toISOString()),
      ],
    );
    await tx.query(
      `delete from market_recent_trades m
        using (
          select pair_id, trade_id,
                 row_number() over (partition by pair_id order by traded_at desc, trade_id desc) as n
            from market_recent_trades
           where pair_id = any($1::int[])
        ) ranked
        where ranked.n > $2 and m.pair_id = ranked.pair_id and m.trade_id = ranked.trade_id`,
      [[...new Set(trades.map((trade) => trade.pairId))], keep],
    );
  }

  /** The stored newest trades of every pair, oldest first. */
  async recentTrades(): Promise<TradeRow[]> {
    const rows = await this.db.query<{
      pair_id: number;
      trade_id: string | number;
      price: string;
      quantity: string;
      taker_side: 'buy' | 'sell';
      traded_at: Date;
    }>(
      `select pair_id, trade_id, price::text as price, quantity::text as quantity, taker_side, traded_at
         from market_recent_trades order by traded_at, trade_id`,
    );
    return rows.map((row) => ({
      pairId: row.pair_id,
      tradeId: Number(row.trade_id),
      price: parseAmount(row.price),
      quantity: parseAmount(row.quantity),
      takerSide: row.taker_side,
      time: row.traded_at,
    }));
  }
}
