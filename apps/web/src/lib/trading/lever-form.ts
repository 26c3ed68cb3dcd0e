import { compare, isPositive } from './decimal';
import { isWholePositive, leverTotals, spreadPrice, type LeverDirection, type LeverTotals } from './lever';
import { limitDecimals } from './order';

/**
 * The state and rules of the leverage trade form: direction chosen by the long and short buttons,
 * market (status 1, the best price) or limit (status 0, a typed target price), a multiple from the
 * server's list, whole hands with quick sizes, the totals, and the checks before the confirmation.
 */

export type LeverMode = 'market' | 'limit';
/** Wire values of `status` on lever/submit: 1 market, 0 limit. */
export const LEVER_MODE_WIRE: Record<LeverMode, '1' | '0'> = { market: '1', limit: '0' };

export interface LeverFormState {
  symbol: string;
  mode: LeverMode;
  /** The chosen multiple, '' until one is chosen. */
  multiple: string;
  /** Hands as typed (digits only). */
  hands: string;
  /** The limit price as typed. */
  price: string;
  /** The direction whose confirmation is open, or null. */
  confirming: LeverDirection | null;
}

export type LeverFormAction =
  | { type: 'pair'; symbol: string }
  | { type: 'mode'; mode: LeverMode }
  | { type: 'multiple'; multiple: string }
  | { type: 'hands'; raw: string }
  | { type: 'price'; raw: string; decimals: number }
  | { type: 'confirm'; direction: LeverDirection }
  | { type: 'dismiss' }
  | { type: 'placed' };

export function initialLeverForm(symbol: string): LeverFormState {
  return { symbol, mode: 'market', multiple: '', hands: '', price: '', confirming: null };
}

export function leverFormReducer(state: LeverFormState, action: LeverFormAction): LeverFormState {
  switch (action.type) {
    case 'pair':
      return initialLeverForm(action.symbol);
    case 'mode':
      // A new mode starts over: no multiple, no hands, so no totals.
      return action.mode === state.mode ? state : { ...initialLeverForm(state.symbol), mode: action.mode };
    case 'multiple':
      return { ...state, multiple: action.multiple };
    case 'hands':
      return { ...state, hands: limitDecimals(action.raw, 0) };
    case 'price':
      return { ...state, price: limitDecimals(action.raw, action.decimals) };
    case 'confirm':
      return { ...state, confirming: action.direction };
    case 'dismiss':
      return { ...state, confirming: null };
    case 'placed':
      return { ...state, hands: '', price: '', confirming: null };
  }
}

/** What the form needs from the server: the pair's settings and the current price. */
export interface LeverContext {
  /** The last (mark) price of the pair. */
  lastPrice: string;
  shareNum: string;
  spread: string;
  feePercent: string;
  /** Hands limits: at least `min` (1 when unset), at most `max` when above 0. */
  minHands: string;
  maxHands: string;
}

/**
 * The price an order of this direction opens at: the mark (market) or the typed target price
 * (limit), plus the spread for a long and minus it for a short.
 */
export function leverOrderPrice(state: LeverFormState, direction: LeverDirection, context: LeverContext): string {
  const basis = state.mode === 'limit' ? state.price : context.lastPrice;
  if (!isPositive(basis)) return '';
  return spreadPrice(basis, context.spread || '0', direction);
}

/** Value, margin and fee of the order as the form stands; zeros until a multiple and hands are given. */
export function leverFormTotals(state: LeverFormState, direction: LeverDirection, context: LeverContext): LeverTotals {
  const ready = isPositive(state.multiple) && isWholePositive(state.hands);
  return leverTotals({
    price: ready ? leverOrderPrice(state, direction, context) || '0' : '0',
    hands: ready ? state.hands : '0',
    shareNum: context.shareNum || '0',
    multiple: ready ? state.multiple : '0',
    feePercent: context.feePercent || '0',
  });
}

/** A refusal of the form before the confirmation: a message key, with the limit it broke for hands. */
export type LeverFormProblem =
  | { key: 'choose multiple' }
  | { key: 'enter price' }
  | { key: 'limit price rules' }
  | { key: 'no market price' }
  | { key: 'hands must be an integer' }
  | { key: 'hands below minimum'; limit: string }
  | { key: 'hands above maximum'; limit: string };

/**
 * The first problem before the confirmation opens, or null: a multiple is chosen; a limit order
 * has a price above zero, not above the current price for a long nor below it for a short (a
 * market order needs a current price); hands are a whole number above zero, at least the minimum
 * (1 by default) and at most the maximum when the maximum is above 0.
 */
export function leverFormProblem(state: LeverFormState, context: LeverContext, direction: LeverDirection): LeverFormProblem | null {
  if (!isPositive(state.multiple)) return { key: 'choose multiple' };
  if (state.mode === 'limit' && !isPositive(state.price)) return { key: 'enter price' };
  if (state.mode === 'limit' && isPositive(context.lastPrice) && compare(state.price, context.lastPrice) === (direction === 1 ? 1 : -1)) {
    return { key: 'limit price rules' };
  }
  if (state.mode === 'market' && !isPositive(context.lastPrice)) return { key: 'no market price' };
  if (!isWholePositive(state.hands)) return { key: 'hands must be an integer' };
  const hands = BigInt(state.hands);
  const min = isWholePositive(context.minHands) ? BigInt(context.minHands) : 1n;
  if (hands < min) return { key: 'hands below minimum', limit: min.toString() };
  if (isWholePositive(context.maxHands) && hands > BigInt(context.maxHands)) return { key: 'hands above maximum', limit: context.maxHands };
  return null;
}

/** The body of lever/submit. */
export function leverSubmitRequest(
  state: LeverFormState,
  direction: LeverDirection,
  pair: { legal_id: number; currency_id: number },
): Record<string, string | number> {
  return {
    legal_id: pair.legal_id,
    currency_id: pair.currency_id,
    multiple: state.multiple,
    share: state.hands,
    type: direction,
    status: LEVER_MODE_WIRE[state.mode],
    target_price: state.mode === 'limit' ? state.price : '',
  };
}
