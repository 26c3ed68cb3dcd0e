import { SCALE, type Atoms } from '../amount';

/** 1 up, 2 down: the numbers old clients send and show. */
export type MicroDirection = 1 | 2;
export const MICRO_UP: MicroDirection = 1;
export const MICRO_DOWN: MicroDirection = 2;

/** 1 running, 3 closed: the numbers old clients send and show. */
export type MicroStatus = 1 | 3;
export const MICRO_RUNNING: MicroStatus = 1;
export const MICRO_CLOSED: MicroStatus = 3;

/** A void contract's instant had no fresh index at its expiry: its stake and fee come back. */
export type MicroResult = 'win' | 'loss' | 'tie' | 'void';

/** A second contract as the core keeps it while it runs, and as the batch writes it. */
export interface MicroContract {
  id: number;
  userId: number;
  pairId: number;
  /** the currency staked, paid and charged, in the micro wallet */
  currencyId: number;
  type: MicroDirection;
  seconds: number;
  /** the stake */
  number: Atoms;
  /** charged at the opening, kept whatever the result */
  fee: Atoms;
  /** percent, in atoms (85 % is 85 × 10^18) */
  profitRatio: Atoms;
  /** what a win pays on top of the stake, held by the house until the settlement */
  reserve: Atoms;
  /** the pair's index at the opening, and the index tick it was read from */
  openPrice: Atoms;
  openTickId: number;
  openedAt: Date;
  expiresAt: Date;
  status: MicroStatus;
  /** the pair's index tick at or before the expiry: its price and id (null: void, or running) */
  endPrice: Atoms | null;
  endTickId: number | null;
  result: MicroResult | null;
  /** the profit of a win, minus the stake of a loss, 0 for a tie */
  factProfits: Atoms | null;
  settledAt: Date | null;
}

const ONE_HUNDRED_PERCENT = 100n * 10n ** BigInt(SCALE);

/** number × profit_ratio ÷ 100, floored to the atom: what a win pays on top of the stake. */
export function reserveOf(number: Atoms, profitRatio: Atoms): Atoms {
  return (number * profitRatio) / ONE_HUNDRED_PERCENT;
}

/** Up wins if the end price is above the open price, down if below; equal prices are a tie. */
export function resultOf(type: MicroDirection, openPrice: Atoms, endPrice: Atoms): MicroResult {
  if (endPrice === openPrice) return 'tie';
  const up = endPrice > openPrice;
  return up === (type === MICRO_UP) ? 'win' : 'loss';
}

/** What the contract made: the reserve (profit) of a win, minus the stake of a loss, 0 for a tie or a void contract. */
export function factProfitsOf(result: MicroResult, number: Atoms, reserve: Atoms): Atoms {
  if (result === 'win') return reserve;
  if (result === 'loss') return -number;
  return 0n;
}
