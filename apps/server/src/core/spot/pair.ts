import { parseAmount, SCALE, type Atoms } from '../amount';
import type { SpotPairSettings } from './pair-columns';

/**
 * A spot pair as the core trades it; its precisions give its ticks and lots (`core/units.ts`).
 * Its settings change only by the core's `spot_pair_settings` command.
 */
export interface SpotPair extends SpotPairSettings {
  id: number;
  currencyId: number;
  legalId: number;
  symbol: string;
}

/** price × quantity in quote atoms, exact. */
export function notional(priceAtoms: Atoms, quantityAtoms: Atoms): Atoms {
  return (priceAtoms * quantityAtoms) / 10n ** BigInt(SCALE);
}

/** amount × rate, floored to the atom: the user keeps the fraction. */
export function feeOf(amount: Atoms, rate: Atoms): Atoms {
  return (amount * rate) / 10n ** BigInt(SCALE);
}

export function pairFromRow(row: {
  id: number;
  currency_id: number;
  legal_id: number;
  symbol: string;
  price_precision: number;
  quantity_precision: number;
  maker_fee: string;
  taker_fee: string;
  is_display: boolean;
}): SpotPair {
  return {
    id: row.id,
    currencyId: row.currency_id,
    legalId: row.legal_id,
    symbol: row.symbol,
    pricePrecision: row.price_precision,
    quantityPrecision: row.quantity_precision,
    makerFee: parseAmount(row.maker_fee),
    takerFee: parseAmount(row.taker_fee),
    enabled: row.is_display,
  };
}
