// Conversion between internal order slots and the plain records of getOrder() and snapshots.
// Restoring trusts nothing: a snapshot read back from storage is checked field by field, so a
// corrupt file fails loudly instead of producing a book that diverges later.
import { KIND_LIMIT, KIND_MARKET, KIND_STOP_LIMIT, KIND_STOP_MARKET, NO_QUOTE_LIMIT, TIF_IOC, TIF_POST_ONLY } from './order-store';
import type { OrderStore } from './order-store';
import { KIND_NAMES, STP_NAMES, TIF_NAMES, inRange, isId, kindCode, stpCode, tifCode } from './validate';
import type { OrderInfo } from './types';

export function slotToInfo(o: OrderStore, slot: number): OrderInfo {
  const kind = o.kind[slot] as number;
  const limitKind = kind === KIND_LIMIT || kind === KIND_STOP_LIMIT;
  const stopKind = kind === KIND_STOP_LIMIT || kind === KIND_STOP_MARKET;
  const quoteLimit = o.quoteLimit[slot] as number;
  return {
    id: o.id[slot] as number,
    account: o.account[slot] as number,
    side: o.buy[slot] === 1 ? 'buy' : 'sell',
    orderType: KIND_NAMES[kind] as OrderInfo['orderType'],
    status: o.isStop[slot] === 1 ? 'stop' : 'resting',
    price: limitKind ? (o.price[slot] as number) : null,
    stopPrice: stopKind ? (o.stopPrice[slot] as number) : null,
    tif: TIF_NAMES[o.tif[slot] as number] as OrderInfo['tif'],
    stp: STP_NAMES[o.stp[slot] as number] as OrderInfo['stp'],
    quoteLimit: quoteLimit === NO_QUOTE_LIMIT ? null : quoteLimit,
    qty: o.placed[slot] as number,
    remaining: o.qty[slot] as number,
    filled: o.filled[slot] as number,
  };
}

function fail(what: string, info: unknown): never {
  throw new Error(`invalid snapshot: ${what} in ${JSON.stringify(info)}`);
}

/** Fills `slot` from a snapshot record, checking that it is a live order of the expected status. */
export function infoToSlot(info: OrderInfo, o: OrderStore, slot: number, status: 'resting' | 'stop', maxPrice: number, maxQty: number): void {
  const kind = kindCode(info.orderType);
  if (kind < 0) fail('orderType', info);
  if (!isId(info.id)) fail('id', info);
  if (!isId(info.account)) fail('account', info);
  if (info.side !== 'buy' && info.side !== 'sell') fail('side', info);
  if (info.status !== status) fail('status', info);
  const limitKind = kind === KIND_LIMIT || kind === KIND_STOP_LIMIT;
  const stopKind = kind === KIND_STOP_LIMIT || kind === KIND_STOP_MARKET;
  // Only limit prices can rest; market kinds exist in a snapshot only as untriggered stops.
  if (status === 'resting' && !limitKind) fail('orderType', info);
  if (limitKind ? !inRange(info.price, maxPrice) : info.price !== null) fail('price', info);
  if (stopKind ? !inRange(info.stopPrice, maxPrice) : info.stopPrice !== null) fail('stopPrice', info);
  const tif = tifCode(info.tif);
  if (tif < 0 || (!limitKind && tif !== TIF_IOC) || (kind === KIND_STOP_LIMIT && tif === TIF_POST_ONLY)) fail('tif', info);
  const stp = stpCode(info.stp, -1);
  if (stp < 0) fail('stp', info);
  const quoteOk =
    info.quoteLimit === null ||
    (kind === KIND_STOP_MARKET && info.side === 'buy' && inRange(info.quoteLimit, Number.MAX_SAFE_INTEGER));
  if (!quoteOk) fail('quoteLimit', info);
  if (!inRange(info.qty, maxQty) || !inRange(info.remaining, info.qty)) fail('qty', info);
  if (!Number.isSafeInteger(info.filled) || info.filled < 0 || info.filled > info.qty - info.remaining) fail('filled', info);
  if (kind === KIND_MARKET) fail('orderType', info);

  o.id[slot] = info.id;
  o.account[slot] = info.account;
  o.buy[slot] = info.side === 'buy' ? 1 : 0;
  o.kind[slot] = kind;
  o.tif[slot] = tif;
  o.stp[slot] = stp;
  o.price[slot] = limitKind ? (info.price as number) : 0;
  o.stopPrice[slot] = stopKind ? (info.stopPrice as number) : 0;
  o.qty[slot] = info.remaining;
  o.placed[slot] = info.qty;
  o.filled[slot] = info.filled;
  o.quoteLimit[slot] = info.quoteLimit ?? NO_QUOTE_LIMIT;
  o.isStop[slot] = status === 'stop' ? 1 : 0;
  o.triggerPrice[slot] = 0;
}
