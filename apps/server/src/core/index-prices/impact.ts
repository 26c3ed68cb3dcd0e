import { SCALE, type Atoms } from '../amount';

const ONE = 10n ** BigInt(SCALE);

/** A price level of one side of a book, best first. */
export interface LevelAtoms {
  price: Atoms;
  quantity: Atoms;
}

/**
 * The impact price of one side: the average price at which `notional` of the quote currency
 * would trade against it, walking from the best level; null when the side holds less than that.
 * A few tiny quotes cannot make it: they weigh only their own small part of the notional.
 */
export function impactPrice(levels: readonly LevelAtoms[], notional: Atoms): Atoms | null {
  let remaining = notional;
  let quantity = 0n;
  for (const level of levels) {
    if (level.price <= 0n) continue;
    const value = (level.price * level.quantity) / ONE;
    if (value >= remaining) {
      quantity += (remaining * ONE) / level.price;
      remaining = 0n;
      break;
    }
    quantity += level.quantity;
    remaining -= value;
  }
  if (remaining > 0n || quantity <= 0n) return null;
  return (notional * ONE) / quantity;
}
