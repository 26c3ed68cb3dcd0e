import type { Atoms } from '../amount';

export type SpotSide = 'buy' | 'sell';
export type SpotOrderStatus = 'open' | 'filled' | 'cancelled';

/** A spot order as the core keeps it while it lives, and as the batch writes it. */
export interface SpotOrderState {
  id: number;
  userId: number;
  pairId: number;
  side: SpotSide;
  type: 'limit' | 'market';
  /** null for market orders */
  price: Atoms | null;
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
