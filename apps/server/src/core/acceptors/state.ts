import type { Atoms } from '../amount';

/** buy: the user buys coins from the acceptor (a deposit); sell: the user sells them coins (a withdrawal). */
export type DealType = 'buy' | 'sell';
export type PaymentWay = 'we_chat' | 'ali_pay' | 'bank';
export const PAYMENT_WAYS: readonly PaymentWay[] = ['we_chat', 'ali_pay', 'bank'];

/**
 * 0 open, 1 confirmed, 2 rejected, 3 paid (a withdrawal the acceptor has paid, awaiting the user's
 * confirmation, which comes by itself 20 minutes later). 1 and 2 are final.
 */
export type DealStatus = 0 | 1 | 2 | 3;
export const DEAL_STATUS = { open: 0, confirmed: 1, rejected: 2, paid: 3 } as const;

/** A paid withdrawal the user has not confirmed confirms itself this long after it was paid. */
export const AUTO_CONFIRM_MS = 20 * 60_000;

/** An acceptor deal as the core keeps it while it is open, and as the batch writes it. */
export interface AcceptorDealState {
  id: number;
  userId: number;
  acceptorId: number;
  currencyId: number;
  type: DealType;
  way: PaymentWay;
  mobile: string;
  dealAccount: string;
  /** the coins of the deal: what the user buys (before the fee) or sells */
  money: Atoms;
  /** the acceptor's rate, percent, when the deal was opened */
  rate: Atoms;
  /** `money × rate %`: what the acceptor keeps; a buyer receives `money − fee` */
  fee: Atoms;
  isSure: DealStatus;
  paidAt: Date | null;
  /** when the user disputed the acceptor's "paid" (a sell); the deal then waits for an operator */
  objectedAt: Date | null;
  /** an operator's ruling on a disputed deal: release (to the acceptor) or return (to the user); '' before */
  ruling: '' | 'release' | 'return';
  ruledBy: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What moves between the acceptor and the user: a buyer gets `money − fee`; a seller gives `money`. */
export const coinsOf = (deal: Pick<AcceptorDealState, 'type' | 'money' | 'fee'>): Atoms => (deal.type === 'buy' ? deal.money - deal.fee : deal.money);
