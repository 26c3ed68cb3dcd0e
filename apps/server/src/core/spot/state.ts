import type { Atoms } from '../amount';

export type SpotSide = 'buy' | 'sell';
export type SpotOrderStatus = 'open' | 'filled' | 'cancelled';
/** A stop-limit order waits, its funds held, until a trade reaches its stop price; then it is a limit order. */
export type SpotOrderType = 'limit' | 'market' | 'stop_limit';
/** GTC rests what it does not fill, IOC cancels it, FOK fills whole at once or trades nothing. */
export type SpotTimeInForce = 'GTC' | 'IOC' | 'FOK';
/** When an order would trade with one of its owner's resting orders: which of the two is cancelled. */
export type SpotSelfTradePrevention = 'cancel_taker' | 'cancel_maker' | 'cancel_both';

/** The last trade that reached a stop order's stop price, recorded with the order when it fired. */
export interface SpotStopFiring {
  price: Atoms;
  tradeId: number;
  at: Date;
}

/** A spot order as the core keeps it while it lives, and as the batch writes it. */
export interface SpotOrderState {
  id: number;
  userId: number;
  pairId: number;
  side: SpotSide;
  type: SpotOrderType;
  /** null for market orders */
  price: Atoms | null;
  timeInForce: SpotTimeInForce;
  /** refused, instead of placed, when it would take liquidity */
  postOnly: boolean;
  stp: SpotSelfTradePrevention;
  /** the owner's own id for it, unique per user: a place retried with it applies once */
  clientOrderId: string | null;
  /** stop-limit orders: the last-trade price that turns them into limit orders (buy: at or above, sell: at or below) */
  stopPrice: Atoms | null;
  /** stop-limit orders: null while waiting; the trade that fired it once fired */
  firing: SpotStopFiring | null;
  /**
   * Its place in the price level's queue after a restart: the order id for orders placed into the
   * book; for a fired stop, an id number taken when it fired (it joined the queue then, not when placed).
   */
  queuePriority: number;
  quantity: Atoms;
  filled: Atoms;
  filledQuote: Atoms;
  /** funds still held: quote for a buy, base for a sell */
  locked: Atoms;
  status: SpotOrderStatus;
  createdAt: Date;
  updatedAt: Date;
}

export interface SpotTradeRecord {
  id: number;
  pairId: number;
  price: Atoms;
  quantity: Atoms;
  takerSide: SpotSide;
  buyOrderId: number;
  sellOrderId: number;
  buyerId: number;
  sellerId: number;
  buyerFee: Atoms;
  sellerFee: Atoms;
  createdAt: Date;
}
