import { multiplyAtoms } from '@tessera/protocol';
import { fromAtoms, toAtoms } from '../trading/decimal';
import { BALANCE_DECIMALS } from './limits';

/** What a withdrawal costs and what arrives, as the withdraw form shows them before sending. */

export type FeeMode = 'flat' | 'percent';

/**
 * The fee of a withdrawal: a flat `rate` in the change account, `amount × rate %` in the micro
 * account; 8 decimals, cut. Zero while the amount is not a number.
 */
export function withdrawFee(amount: string, rate: string, mode: FeeMode): string {
  const value = toAtoms(amount);
  const rateAtoms = toAtoms(rate) ?? 0n;
  if (mode === 'flat') return fromAtoms(rateAtoms, BALANCE_DECIMALS);
  if (value === null || value <= 0n) return fromAtoms(0n, BALANCE_DECIMALS);
  return fromAtoms(multiplyAtoms(value, rateAtoms) / 100n, BALANCE_DECIMALS);
}

/** Amount received = amount − fee, 8 decimals, never below zero. */
export function withdrawReceived(amount: string, fee: string): string {
  const value = toAtoms(amount) ?? 0n;
  const cost = toAtoms(fee) ?? 0n;
  const received = value - cost;
  return fromAtoms(received > 0n ? received : 0n, BALANCE_DECIMALS);
}

