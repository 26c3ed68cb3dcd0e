// Command checks. Commands may come straight from a parsed message, so nothing here trusts the
// static types. The order of the checks is part of the contract: the first failure is reported.
import {
  KIND_LIMIT,
  KIND_MARKET,
  KIND_STOP_LIMIT,
  KIND_STOP_MARKET,
  STP_CANCEL_BOTH,
  STP_CANCEL_MAKER,
  STP_CANCEL_TAKER,
  TIF_FOK,
  TIF_GTC,
  TIF_IOC,
  TIF_POST_ONLY,
} from './order-store';
import type { OrderCommand, OrderType, RejectReason, StpMode, TimeInForce } from './types';

export const KIND_NAMES: readonly OrderType[] = ['limit', 'market', 'stop_limit', 'stop_market'];
export const TIF_NAMES: readonly TimeInForce[] = ['GTC', 'IOC', 'FOK', 'POST_ONLY'];
export const STP_NAMES: readonly StpMode[] = ['cancel_taker', 'cancel_maker', 'cancel_both'];

export function kindCode(type: unknown): number {
  switch (type) {
    case 'limit':
      return KIND_LIMIT;
    case 'market':
      return KIND_MARKET;
    case 'stop_limit':
      return KIND_STOP_LIMIT;
    case 'stop_market':
      return KIND_STOP_MARKET;
    default:
      return -1;
  }
}

export function tifCode(tif: unknown): number {
  switch (tif) {
    case undefined:
    case 'GTC':
      return TIF_GTC;
    case 'IOC':
      return TIF_IOC;
    case 'FOK':
      return TIF_FOK;
    case 'POST_ONLY':
      return TIF_POST_ONLY;
    default:
      return -1;
  }
}

/** `fallback` is the book's default code, used when the command names no mode. */
export function stpCode(stp: unknown, fallback: number): number {
  switch (stp) {
    case undefined:
      return fallback;
    case 'cancel_taker':
      return STP_CANCEL_TAKER;
    case 'cancel_maker':
      return STP_CANCEL_MAKER;
    case 'cancel_both':
      return STP_CANCEL_BOTH;
    default:
      return -1;
  }
}

export function isId(x: unknown): x is number {
  return Number.isSafeInteger(x) && (x as number) >= 0;
}

export function inRange(x: unknown, max: number): x is number {
  return Number.isInteger(x) && (x as number) >= 1 && (x as number) <= max;
}

/** Checks the fields of an order command alone, without looking at the book. */
export function checkOrder(cmd: OrderCommand, maxPrice: number, maxQty: number): RejectReason | null {
  const kind = kindCode(cmd.type);
  if (kind < 0) return 'invalid_type';
  if (!isId(cmd.id)) return 'invalid_id';
  if (!isId(cmd.account)) return 'invalid_account';
  if (cmd.side !== 'buy' && cmd.side !== 'sell') return 'invalid_side';
  const limitKind = kind === KIND_LIMIT || kind === KIND_STOP_LIMIT;
  const stopKind = kind === KIND_STOP_LIMIT || kind === KIND_STOP_MARKET;
  if (limitKind && !inRange((cmd as { price?: unknown }).price, maxPrice)) return 'invalid_price';
  if (stopKind && !inRange((cmd as { stopPrice?: unknown }).stopPrice, maxPrice)) return 'invalid_stop_price';
  if (!inRange(cmd.qty, maxQty)) return 'invalid_qty';
  if (limitKind) {
    const tif = tifCode((cmd as { tif?: unknown }).tif);
    if (tif < 0 || (kind === KIND_STOP_LIMIT && tif === TIF_POST_ONLY)) return 'invalid_tif';
  }
  if (stpCode(cmd.stp, 0) < 0) return 'invalid_stp';
  if (!limitKind) {
    const quote = (cmd as { quoteLimit?: unknown }).quoteLimit;
    if (quote !== undefined && (cmd.side !== 'buy' || !inRange(quote, Number.MAX_SAFE_INTEGER))) {
      return 'invalid_quote_limit';
    }
  }
  return null;
}
