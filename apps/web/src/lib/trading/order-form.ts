import { fixed, isPositive } from './decimal';
import { MODE_WIRE, controlFields, limitDecimals, marketPrice, orderProblem, orderTotal, sliderEnabled, sliderNumber, type LimitControl, type OrderMode, type Side } from './order';

/**
 * The state of the spot trade panel as a pure reducer: the order mode (limit or market), the side
 * a narrow panel shows, and one draft per side (limit price, amount, slider share, whether the
 * confirmation is open). The rules:
 * - a limit price and an amount keep only the digits the pair accepts (`limitDecimals`);
 * - a slider step sets the amount: buy = available quote × share ÷ price, sell = available base ×
 *   share, cut to 4 decimals or the pair's quantity precision; it works only for a signed-in
 *   trader with a price above zero;
 * - a buy's share depends on the price: a new limit price keeps the share and recomputes the amount;
 * - a price picked in the book goes into both drafts and switches to a limit order;
 * - a new mode or a new pair starts both drafts afresh; showing the other side starts its draft afresh;
 * - an accepted order empties its side's draft;
 * - before the confirmation: a market order needs a market price, then a price and an amount above zero;
 * - a stop-limit order has a stop price too (above zero), and is a limit order once a trade reaches it;
 * - a limit order has a control (good till cancelled, immediate or cancel, post-only), kept across
 *   sides and pairs until changed; a stop-limit order is good till cancelled.
 */

/** Decimals a pair accepts for prices and quantities. */
export interface Precision {
  price: number;
  quantity: number;
}

/** A price picked in the book: `seq` changes with every click, so the same price can be picked twice. */
export interface PickedPrice {
  price: string;
  seq: number;
}

export interface OrderDraft {
  limitPrice: string;
  /** stop-limit orders: the last-trade price that turns it into a limit order */
  stopPrice: string;
  number: string;
  /** the slider share, 0–100 */
  percent: number;
  confirming: boolean;
}

export interface TradeFormState {
  mode: OrderMode;
  /** how a limit order meets the book */
  control: LimitControl;
  /** the side shown when the panel shows one side at a time */
  side: Side;
  drafts: Record<Side, OrderDraft>;
  /** the pair the drafts belong to */
  symbol: string;
  /** the `seq` of the last book pick applied */
  pickSeq: number;
}

/** What the rules read besides the state: the pair's decimals, the trader's balances, the book. */
export interface OrderContext {
  precision: Precision;
  /** available quote balance (USDT of BTC/USDT), '' when unknown */
  availableQuote: string;
  /** available base balance (BTC of BTC/USDT), '' when unknown */
  availableBase: string;
  bestAsk: string | undefined;
  bestBid: string | undefined;
  signedIn: boolean;
}

export type TradeFormAction =
  | { type: 'mode'; mode: OrderMode }
  | { type: 'control'; control: LimitControl }
  | { type: 'stopPrice'; side: Side; raw: string; context: OrderContext }
  | { type: 'side'; side: Side }
  | { type: 'pair'; symbol: string }
  | { type: 'pick'; picked: PickedPrice; context: OrderContext }
  | { type: 'price'; side: Side; raw: string; context: OrderContext }
  | { type: 'number'; side: Side; raw: string; context: OrderContext }
  | { type: 'slide'; side: Side; percent: number; context: OrderContext }
  | { type: 'confirm'; side: Side }
  | { type: 'dismiss'; side: Side }
  | { type: 'placed'; side: Side };

export const EMPTY_DRAFT: OrderDraft = { limitPrice: '', stopPrice: '', number: '', percent: 0, confirming: false };
const emptyDrafts = (): Record<Side, OrderDraft> => ({ buy: EMPTY_DRAFT, sell: EMPTY_DRAFT });

export function initialTradeForm(symbol: string, picked: PickedPrice | null): TradeFormState {
  return { mode: 'limit', control: 'GTC', side: 'buy', drafts: emptyDrafts(), symbol, pickSeq: picked?.seq ?? 0 };
}

/** The price an order of this side is placed at: the best price of the other side for a market order. */
export function orderPrice(state: TradeFormState, side: Side, context: OrderContext): string {
  return state.mode === 'market' ? marketPrice(side, context.bestAsk, context.bestBid) : state.drafts[side].limitPrice;
}

function slideTo(draft: OrderDraft, side: Side, percent: number, price: string, context: OrderContext): OrderDraft {
  const number = sliderNumber({
    side,
    percent,
    availableQuote: context.availableQuote,
    availableBase: context.availableBase,
    price,
    quantityPrecision: context.precision.quantity,
  });
  return { ...draft, percent, number };
}

function withDraft(state: TradeFormState, side: Side, draft: OrderDraft): TradeFormState {
  return { ...state, drafts: { ...state.drafts, [side]: draft } };
}

export function tradeFormReducer(state: TradeFormState, action: TradeFormAction): TradeFormState {
  switch (action.type) {
    case 'mode':
      return { ...state, mode: action.mode, drafts: emptyDrafts() };
    case 'control':
      return { ...state, control: action.control };
    case 'stopPrice':
      return withDraft(state, action.side, { ...state.drafts[action.side], stopPrice: limitDecimals(action.raw, action.context.precision.price) });
    case 'side':
      return withDraft({ ...state, side: action.side }, action.side, EMPTY_DRAFT);
    case 'pair':
      return action.symbol === state.symbol ? state : { ...state, symbol: action.symbol, drafts: emptyDrafts() };
    case 'pick': {
      if (action.picked.seq === state.pickSeq) return state;
      const limitPrice = limitDecimals(action.picked.price, action.context.precision.price);
      return {
        ...state,
        mode: 'limit',
        pickSeq: action.picked.seq,
        drafts: { buy: { ...state.drafts.buy, limitPrice }, sell: { ...state.drafts.sell, limitPrice } },
      };
    }
    case 'price': {
      const draft = state.drafts[action.side];
      const limitPrice = limitDecimals(action.raw, action.context.precision.price);
      const next = { ...draft, limitPrice };
      const rescale = action.side === 'buy' && draft.percent > 0;
      return withDraft(state, action.side, rescale ? slideTo(next, action.side, draft.percent, limitPrice, action.context) : next);
    }
    case 'number':
      return withDraft(state, action.side, {
        ...state.drafts[action.side],
        number: limitDecimals(action.raw, action.context.precision.quantity),
      });
    case 'slide': {
      const price = orderPrice(state, action.side, action.context);
      if (!sliderEnabled(action.context.signedIn, price)) return state;
      return withDraft(state, action.side, slideTo(state.drafts[action.side], action.side, action.percent, price, action.context));
    }
    case 'confirm':
      return withDraft(state, action.side, { ...state.drafts[action.side], confirming: true });
    case 'dismiss':
      return withDraft(state, action.side, { ...state.drafts[action.side], confirming: false });
    case 'placed':
      return withDraft(state, action.side, { ...state.drafts[action.side], limitPrice: '', stopPrice: '', number: '', percent: 0 });
  }
}

export type OrderProblem = 'no market price' | 'enter price' | 'enter number' | 'stop price must be greater than zero';

/** The message key (apitip) of the first problem before an order of this side may be confirmed, or null. */
export function submitProblem(state: TradeFormState, side: Side, context: OrderContext): OrderProblem | null {
  const price = orderPrice(state, side, context);
  if (state.mode === 'market' && !isPositive(price)) return 'no market price';
  if (state.mode === 'stop_limit' && !isPositive(state.drafts[side].stopPrice)) return 'stop price must be greater than zero';
  return orderProblem(price, state.drafts[side].number);
}

export interface OrderView {
  /** the price the order is placed at */
  price: string;
  /** what the price field shows: a market order shows the best price at the pair's decimals */
  shownPrice: string;
  number: string;
  percent: number;
  /** price × amount, 4 decimals cut */
  total: string;
  canSlide: boolean;
  confirming: boolean;
}

/** Everything a side's form shows, derived from the state. */
export function orderView(state: TradeFormState, side: Side, context: OrderContext): OrderView {
  const draft = state.drafts[side];
  const price = orderPrice(state, side, context);
  const shownPrice = state.mode === 'market' ? (price ? fixed(price, context.precision.price) : '') : draft.limitPrice;
  return {
    price,
    shownPrice,
    number: draft.number,
    percent: draft.percent,
    total: orderTotal(price, draft.number),
    canSlide: sliderEnabled(context.signedIn, price),
    confirming: draft.confirming,
  };
}

/** The fields of `transaction/in` and `transaction/out` for this side's draft. */
export function orderRequest(state: TradeFormState, side: Side, context: OrderContext, pair: { legal_id: number; currency_id: number }) {
  return {
    legal_id: pair.legal_id,
    currency_id: pair.currency_id,
    price: orderPrice(state, side, context),
    num: state.drafts[side].number,
    mode: MODE_WIRE[state.mode],
    ...(state.mode === 'stop_limit' ? { stop_price: state.drafts[side].stopPrice } : {}),
    ...(state.mode === 'limit' ? controlFields(state.control) : {}),
  };
}
