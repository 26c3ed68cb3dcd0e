import type { Atoms } from '../amount';

/**
 * applying → approved → success | failed; applying → rejected. A withdrawal to another user's
 * deposit address never goes on chain: applying → in_station when approved. success, failed,
 * rejected and in_station are final.
 */
export type WithdrawalStatus = 'applying' | 'approved' | 'success' | 'failed' | 'rejected' | 'in_station';
export type WithdrawalWallet = 'change' | 'micro';

/** A withdrawal as the core keeps it while it is open, and as the batch writes it. */
export interface WithdrawalState {
  id: number;
  userId: number;
  currencyId: number;
  wallet: WithdrawalWallet;
  network: string;
  address: string;
  memo: string;
  /** what the user asked to withdraw: frozen on application; `amount − fee` leaves the platform */
  amount: Atoms;
  fee: Atoms;
  /** the user whose deposit address this is (an in-station withdrawal), else null */
  recipientId: number | null;
  /** its value in USDT when applied for (valuation.ts), null when the currency had no USDT price */
  usdtValue: Atoms | null;
  status: WithdrawalStatus;
  txHash: string;
  note: string;
  createdAt: Date;
  updatedAt: Date;
}

export const isFinal = (status: WithdrawalStatus) => status !== 'applying' && status !== 'approved';

/** Withdrawal limits count per calendar day in Asia/Shanghai (UTC+8, no daylight saving). */
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;
export const shanghaiDay = (at: Date) => Math.floor((at.getTime() + SHANGHAI_OFFSET_MS) / 86_400_000);
export const shanghaiDayStart = (at: Date) => new Date(shanghaiDay(at) * 86_400_000 - SHANGHAI_OFFSET_MS);
