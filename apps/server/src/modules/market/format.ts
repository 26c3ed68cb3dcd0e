import { floorDecimal, type CandleBar, type KlinePush, type RecentTrade } from '@tessera/protocol';
import { formatAmount, SCALE, type Atoms } from '../../core/amount';
import { formatPlatformClock, formatTimestamp } from '../../lib/time';
import type { Candle } from './candle-book';
import type { TradeRow } from './market-repository';

/** What market data knows of a pair: its currencies, precisions and quotation settings. */
export interface PairInfo {
  id: number;
  currencyId: number;
  legalId: number;
  currencyName: string;
  legalName: string;
  /** BTC/USDT */
  symbol: string;
  logo: string;
  referencePrice: Atoms;
  pricePrecision: number;
  quantityPrecision: number;
  leverShareNum: string;
  spread: string;
  leverTradeFee: string;
  isDisplay: boolean;
  openMicrotrade: boolean;
  openLever: boolean;
}

const UNIT = 10n ** BigInt(SCALE);

/** Exact decimal text cut (floored toward zero) to `decimals`: never rounded up. */
export function fixed(atoms: Atoms, decimals: number): string {
  return floorDecimal(formatAmount(atoms), decimals);
}

/**
 * A display figure of a quotation item (old screens call `toFixed` on it): the JSON number when
 * that number, written with `decimals` decimals, is exactly `text`, so nothing is lost; else the
 * decimal text itself (a figure with more significant digits than a double holds).
 */
export function displayFigure(text: string, decimals: number): number | string {
  const value = Number(text);
  return Number.isFinite(value) && value.toFixed(decimals) === text ? value : text;
}

/** The change from `reference` to `last` in percent, truncated to 2 decimals, signed: `+1.25`. */
export function changePercent(last: Atoms, reference: Atoms): string {
  if (reference <= 0n) return '0.00';
  const basisPoints = ((last - reference) * 10_000n) / reference;
  const magnitude = basisPoints < 0n ? -basisPoints : basisPoints;
  const text = `${magnitude / 100n}.${(magnitude % 100n).toString().padStart(2, '0')}`;
  if (magnitude === 0n) return '0.00';
  return basisPoints > 0n ? `+${text}` : `-${text}`;
}

/** price × rate, floored at 1e-18, as atoms. */
export function multiply(price: Atoms, rate: Atoms): Atoms {
  return (price * rate) / UNIT;
}

/** The decimals of a CNY value: at least 2 (yuan and fen), more for prices finer than that. */
export const cnyDecimals = (pair: PairInfo) => Math.max(2, pair.pricePrecision);

export function candleBar(candle: Candle, pair: PairInfo): CandleBar {
  return {
    id: Math.floor(candle.openTime / 1000),
    time: candle.openTime,
    open: fixed(candle.open, pair.pricePrecision),
    close: fixed(candle.close, pair.pricePrecision),
    high: fixed(candle.high, pair.pricePrecision),
    low: fixed(candle.low, pair.pricePrecision),
    volume: fixed(candle.volume, pair.quantityPrecision),
  };
}

export function recentTrade(trade: TradeRow, pair: PairInfo): RecentTrade {
  const quantity = fixed(trade.quantity, pair.quantityPrecision);
  return {
    id: trade.tradeId,
    price: fixed(trade.price, pair.pricePrecision),
    number: quantity,
    amount: quantity,
    time: formatPlatformClock(trade.time),
    time_ms: trade.time.getTime(),
    create_time: formatTimestamp(trade.time),
    way: trade.takerSide,
    direction: trade.takerSide,
  };
}

/** The pair and candle fields of `kline` (and of `daymarket`), in wire-notes order. */
export function klineFields(
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
