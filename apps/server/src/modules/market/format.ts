import { floorDecimal, type RecentTrade } from '@tessera/protocol';
import { formatAmount, SCALE, type Atoms } from '../../core/amount';
import { formatPlatformClock, formatTimestamp } from '../../lib/time';
import type { TradeRow } from './market-repository';
import type { PairInfo } from './pair-info';

/*
 * Market figures as the wire writes them, shared by the REST replies and the pushes: exact
 * decimals cut to a pair's precision, percentages, CNY values and one trade.
 */

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

/** A trade as the recent-trades list and the `market_detail` push show it. */
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
