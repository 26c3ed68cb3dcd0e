import { UNIT } from '@tessera/protocol';
import type { Atoms } from '../amount';
import type { MarkInputs } from '../kind';
import { isStale } from '../index-prices/rules';

/** 1 long (buys at open), 2 short (sells at open). */
export type LeverSide = 1 | 2;
/** 0 pending (a limit order waiting for its price), 1 held, 3 closed, 4 revoked. */
export type LeverStatus = 0 | 1 | 3 | 4;
/** Why a position closed. */
export type CloseReason = 'manual' | 'batch' | 'take_profit' | 'stop_loss' | 'liquidation';

/**
 * A mark price as a settlement records it: the mark and the index tick it was made at (whose row
 * holds its index, impact prices and premium). Records made before the index (migration 023) have
 * no tick: their book inputs stay in their rows for the audit.
 */
export interface MarkRecord {
  mark: Atoms;
  tickId: number | null;
  index: Atoms | null;
}

/** The record of a mark made at an index tick. */
export function markRecordOf(mark: { mark: Atoms; inputs: MarkInputs; at: Date }): MarkRecord {
  return { mark: mark.mark, tickId: mark.inputs.tickId, index: mark.inputs.index };
}

/** A mark nothing may open or trigger at: made at an index tick older than the staleness limit. */
export const isStaleMark = (mark: { at: Date }, now: Date) => isStale(mark.at.getTime(), now.getTime());

/** A lever order or position as the core keeps it and the batch writes it (a new object per change). */
export interface LeverTrade {
  id: number;
  userId: number;
  pairId: number;
  /** the quote currency: the lever wallet it is margined in */
  legalId: number;
  currencyId: number;
  type: LeverSide;
  status: LeverStatus;
  multiple: number;
  hands: number;
  /** contract size of one hand (the pair's lever_share_num when it was placed) */
  shareNum: Atoms;
  /** open price: mark ± spread at open; for a pending order, its target ± spread */
  price: Atoms;
  /** a limit order's target mark, else null */
  targetPrice: Atoms | null;
  /** the spread and fee percent applied at placement (inputs of the audit) */
  spread: Atoms;
  feeRate: Atoms;
  /** margin held now (overnight fees a user cannot pay come out of it) and at open */
  margin: Atoms;
  originMargin: Atoms;
  fee: Atoms;
  overnight: Atoms;
  takeProfit: Atoms | null;
  stopLoss: Atoms | null;
  /** bumped each time take-profit or stop-loss is set: a spent trigger key is never reused */
  stopVersion: number;
  openMark: MarkRecord | null;
  closePrice: Atoms | null;
  closeMark: MarkRecord | null;
  closeReason: CloseReason | null;
  /** realised profit or loss (negative) at close */
  profits: Atoms | null;
  /** the part of a loss the user could not pay, taken from the insurance fund (or left unpaid when it was empty) */
  uncovered: Atoms;
  createdAt: Date;
  openedAt: Date | null;
  closedAt: Date | null;
}

/** Division rounding toward minus infinity (bigint division truncates toward zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n && a < 0n !== b < 0n) ? q - 1n : q;
}

export function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}

/** Base quantity of a position in atoms: hands × contract size. */
export const quantityOf = (trade: Pick<LeverTrade, 'hands' | 'shareNum'>): Atoms => BigInt(trade.hands) * trade.shareNum;

/** Contract value = price × hands × contract size, floored to the atom. */
export const contractValue = (price: Atoms, hands: number, shareNum: Atoms): Atoms => floorDiv(price * BigInt(hands) * shareNum, UNIT);

/** Margin = contract value ÷ multiple, floored. */
export const marginOf = (value: Atoms, multiple: number): Atoms => value / BigInt(multiple);

/** Fee = contract value × fee percent ÷ 100, floored. */
export const feeOfValue = (value: Atoms, feePercent: Atoms): Atoms => (value * feePercent) / (100n * UNIT);

/** The price a side trades at: a buy pays the mark plus the spread, a sell gets the mark minus it (never below zero). */
export function priceWithSpread(mark: Atoms, spread: Atoms, buying: boolean): Atoms {
  if (buying) return mark + spread;
  return mark > spread ? mark - spread : 0n;
}

/** Opening a long buys, opening a short sells. */
export const openPrice = (type: LeverSide, mark: Atoms, spread: Atoms) => priceWithSpread(mark, spread, type === 1);
/** Closing a long sells, closing a short buys. */
export const closePrice = (type: LeverSide, mark: Atoms, spread: Atoms) => priceWithSpread(mark, spread, type === 2);

/** Profit (or loss, negative) of a position closed at `exit`: (exit − open) × quantity for a long, the opposite for a short; floored. */
export function profitAt(trade: Pick<LeverTrade, 'type' | 'price' | 'hands' | 'shareNum'>, exit: Atoms): Atoms {
  const move = trade.type === 1 ? exit - trade.price : trade.price - exit;
  return floorDiv(move * quantityOf(trade), UNIT);
}

/** Unrealised profit at a mark: what closing now would realise. */
export const unrealisedAt = (trade: LeverTrade, mark: Atoms) => profitAt(trade, closePrice(trade.type, mark, trade.spread));

/** Overnight fee of one day = contract value at the mark × rate percent ÷ 100, floored. */
export const overnightFeeOf = (trade: LeverTrade, mark: Atoms, ratePercent: Atoms) => feeOfValue(contractValue(mark, trade.hands, trade.shareNum), ratePercent);

export const isLive = (trade: LeverTrade) => trade.status === 0 || trade.status === 1;
