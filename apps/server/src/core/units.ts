import { SCALE, type Atoms } from './amount';

/**
 * The one place where the engine's integer units meet atoms. The engine matches whole ticks
 * (price) and whole lots (quantity); a pair's precisions say how many atoms each is worth.
 */
export interface UnitPrecision {
  pricePrecision: number;
  quantityPrecision: number;
}

const pow10 = (n: number) => 10n ** BigInt(n);

/** Atoms per tick (the price step) of a pair. */
export function tickAtoms(pair: UnitPrecision): Atoms {
  return pow10(SCALE - pair.pricePrecision);
}

/** Atoms per lot (the quantity step) of a pair. */
export function lotAtoms(pair: UnitPrecision): Atoms {
  return pow10(SCALE - pair.quantityPrecision);
}

/** Atoms → whole units of `unit` atoms; undefined when off the grid or beyond a safe integer. */
export function toUnits(atoms: Atoms, unit: Atoms): number | undefined {
  if (atoms % unit !== 0n) return undefined;
  const units = atoms / unit;
  return units <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(units) : undefined;
}

export const ticksToAtoms = (pair: UnitPrecision, ticks: number): Atoms => BigInt(ticks) * tickAtoms(pair);
export const lotsToAtoms = (pair: UnitPrecision, lots: number): Atoms => BigInt(lots) * lotAtoms(pair);
export const atomsToTicks = (pair: UnitPrecision, atoms: Atoms): number | undefined => toUnits(atoms, tickAtoms(pair));
export const atomsToLots = (pair: UnitPrecision, atoms: Atoms): number | undefined => toUnits(atoms, lotAtoms(pair));
