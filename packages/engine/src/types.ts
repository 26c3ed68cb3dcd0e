// Public data types of the matching engine. Everything here is plain data (numbers, strings,
// null) so that commands, events and snapshots can be persisted and replayed as JSON.

/** Prices are integer ticks and quantities integer lots; both must be safe integers. */
export type Side = 'buy' | 'sell';

export type OrderType = 'limit' | 'market' | 'stop_limit' | 'stop_market';

/** GTC rests, IOC cancels its remainder, FOK fills fully or not at all, POST_ONLY never takes. */
export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';

/**
 * What happens when a taker would trade with a resting order of the same account:
 * - cancel_taker: the taker's remaining quantity is cancelled, the resting order stays;
 * - cancel_maker: the resting order is cancelled and the taker goes on matching;
 * - cancel_both: both are cancelled.
 */
export type StpMode = 'cancel_taker' | 'cancel_maker' | 'cancel_both';

interface OrderCommandBase {
  /** Unique among live orders; a non-negative safe integer assigned by the caller. */
  id: number;
  /** Owner, for self-trade prevention; a non-negative safe integer. */
  account: number;
  side: Side;
  /** Lots, 1..maxQty. */
  qty: number;
  /** Defaults to the book's `stp` option. */
  stp?: StpMode;
}

export interface LimitOrderCommand extends OrderCommandBase {
  type: 'limit';
  /** Ticks, 1..maxPrice. */
  price: number;
  /** Defaults to GTC. */
  tif?: TimeInForce;
}

export interface MarketOrderCommand extends OrderCommandBase {
  type: 'market';
  /**
   * Buy only: the most quote (ticks × lots, summed over fills) the order may spend. Matching stops
   * before a fill would exceed it, so a buy can never spend more than the funds reserved for it.
   */
  quoteLimit?: number;
}

export interface StopLimitOrderCommand extends OrderCommandBase {
  type: 'stop_limit';
  /** Buy stops trigger when the last trade price is ≥ stopPrice, sell stops when it is ≤. */
  stopPrice: number;
  price: number;
  /** GTC, IOC or FOK; POST_ONLY is rejected for stops. */
  tif?: TimeInForce;
}

export interface StopMarketOrderCommand extends OrderCommandBase {
  type: 'stop_market';
  stopPrice: number;
  quoteLimit?: number;
}

export type OrderCommand = LimitOrderCommand | MarketOrderCommand | StopLimitOrderCommand | StopMarketOrderCommand;

export interface CancelCommand {
  type: 'cancel';
  id: number;
}

/** Lowers the remaining quantity of a live order to `qty` (1 ≤ qty < remaining), keeping its time priority. */
export interface ReduceCommand {
  type: 'reduce';
  id: number;
  qty: number;
}

export type Command = OrderCommand | CancelCommand | ReduceCommand;

export type CancelReason =
  /** A cancel command. */
  | 'user'
  /** IOC, FOK-after-check or market remainder with no more liquidity within its price. */
  | 'unfilled'
  /** FOK order that could not be filled completely at once; nothing traded. */
  | 'fok_unfillable'
  /** Self-trade prevention. */
  | 'self_trade'
  /** A market buy whose quote budget cannot pay for one more lot. */
  | 'quote_limit'
  /** Resting the remainder would make the side's total quantity exceed Number.MAX_SAFE_INTEGER. */
  | 'capacity';

export type RejectReason =
  | 'invalid_type'
  | 'invalid_id'
  | 'invalid_account'
  | 'invalid_side'
  | 'invalid_price'
  | 'invalid_stop_price'
  | 'invalid_qty'
  | 'invalid_tif'
  | 'invalid_stp'
  | 'invalid_quote_limit'
  | 'duplicate_id'
  | 'post_only_would_cross'
  | 'unknown_order';

export interface AcceptedEvent {
  readonly type: 'accepted';
  readonly seq: number;
  readonly orderId: number;
  readonly account: number;
  readonly side: Side;
  readonly orderType: OrderType;
  /** Null for market and stop-market orders. */
  readonly price: number | null;
  /** Null for orders that are not stops. */
  readonly stopPrice: number | null;
  readonly qty: number;
}

export interface TradeEvent {
  readonly type: 'trade';
  readonly seq: number;
  readonly price: number;
  readonly qty: number;
  readonly takerId: number;
  readonly takerAccount: number;
  readonly takerSide: Side;
  readonly makerId: number;
  readonly makerAccount: number;
  /** Unfilled quantity of the taker after this trade. */
  readonly takerRemaining: number;
  /** Resting quantity of the maker after this trade; 0 means it left the book. */
  readonly makerRemaining: number;
}

export interface CancelledEvent {
  readonly type: 'cancelled';
  readonly seq: number;
  readonly orderId: number;
  readonly account: number;
  /** The quantity cancelled (the order's whole remaining quantity). */
  readonly qty: number;
  readonly reason: CancelReason;
}

export interface ReducedEvent {
  readonly type: 'reduced';
  readonly seq: number;
  readonly orderId: number;
  readonly account: number;
  /** Quantity removed from the order. */
  readonly qty: number;
  /** Remaining quantity after the reduction. */
  readonly remaining: number;
}

export interface RejectedEvent {
  readonly type: 'rejected';
  readonly seq: number;
  readonly command: 'submit' | 'cancel' | 'reduce';
  /** The id carried by the command, or null when it was not a safe integer. */
  readonly orderId: number | null;
  readonly reason: RejectReason;
}

export interface TriggeredEvent {
  readonly type: 'triggered';
  readonly seq: number;
  readonly orderId: number;
  readonly account: number;
  readonly stopPrice: number;
  /** The trade price that triggered the stop. */
  readonly lastPrice: number;
}

export type EngineEvent = AcceptedEvent | TradeEvent | CancelledEvent | ReducedEvent | RejectedEvent | TriggeredEvent;

/**
 * Receives every event, synchronously and in order. The event object is reused by the book for
 * the next event of the same type: copy it (`{ ...event }`) if you keep it beyond the call.
 * The sink must not call back into the book.
 */
export type EventSink = (event: EngineEvent) => void;

export interface OrderBookOptions {
  /** Where events go; default: dropped. */
  sink?: EventSink;
  /** Highest accepted price in ticks; default Number.MAX_SAFE_INTEGER. */
  maxPrice?: number;
  /** Highest accepted quantity in lots; default Number.MAX_SAFE_INTEGER. */
  maxQty?: number;
  /** Self-trade prevention mode for orders that do not name one; default cancel_taker. */
  stp?: StpMode;
  /**
   * Live orders to make room for up front; default 1024. The book grows by doubling past it,
   * and each doubling copies the order table once, so a book expected to hold many orders
   * avoids those pauses by saying so here.
   */
  capacity?: number;
}

export interface DepthLevel {
  readonly price: number;
  /** Sum of the remaining quantities resting at this price. */
  readonly qty: number;
  readonly orders: number;
}

export interface Depth {
  /** Best (highest) first. */
  readonly bids: DepthLevel[];
  /** Best (lowest) first. */
  readonly asks: DepthLevel[];
}

/** A live order: resting in the book, or a stop waiting for its trigger. */
export interface OrderInfo {
  id: number;
  account: number;
  side: Side;
  orderType: OrderType;
  status: 'resting' | 'stop';
  price: number | null;
  stopPrice: number | null;
  tif: TimeInForce;
  stp: StpMode;
  /** Null when unbounded; only market buys and stop-market buys carry one. */
  quoteLimit: number | null;
  /** Quantity accepted. */
  qty: number;
  /** Quantity not yet filled nor cancelled. */
  remaining: number;
  filled: number;
}

export interface BookSnapshot {
  version: 1;
  maxPrice: number;
  maxQty: number;
  stp: StpMode;
  /** Sequence number of the next event. */
  seq: number;
  lastTradePrice: number | null;
  /** Resting bids in priority order: best price first, then arrival. */
  bids: OrderInfo[];
  /** Resting asks in priority order. */
  asks: OrderInfo[];
  /** Untriggered stops in trigger order: buy stops, then sell stops. */
  stops: OrderInfo[];
}
