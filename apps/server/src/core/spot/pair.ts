import { parseAmount, SCALE, type Atoms } from '../amount';

/** A spot pair as the core trades it: decimals turn into the engine's integer ticks and lots here. */
export interface SpotPair {
  id: number;
  currencyId: number;
  legalId: number;
  symbol: string;
  pricePrecision: number;
  quantityPrecision: number;
  makerFee: Atoms;
  takerFee: Atoms;
  enabled: boolean;
}

const pow10 = (n: number) => 10n ** BigInt(n);

/** Atoms per tick (price) and per lot (quantity) of a pair. */
export function tickAtoms(pair: SpotPair): Atoms {
  return pow10(SCALE - pair.pricePrecision);
}
export function lotAtoms(pair: SpotPair): Atoms {
  return pow10(SCALE - pair.quantityPrecision);
}

/** Atoms → whole ticks or lots; undefined when the amount has more decimals than the pair allows. */
export function toUnits(atoms: Atoms, unit: Atoms): number | undefined {
  if (atoms % unit !== 0n) return undefined;
  const units = atoms / unit;
  return units <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(units) : undefined;
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
