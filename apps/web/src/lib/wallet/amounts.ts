import { WALLETS, divideAtoms, multiplyAtoms } from '@tessera/protocol';
import { compare, fixed, fromAtoms, isPositive, toAtoms } from '../trading/decimal';
import { BALANCE_DECIMALS, MAX_TRANSFER, VALUE_DECIMALS } from './limits';
import { balanceOf, type BalanceFields } from './wallets';

/**
 * Amounts of the assets area: totals, converted values, the 'all' amount and the amount field's
 * cap. Decimal text computed exactly on bigint, cut toward zero, never rounded.
 */

/** The sum of decimal texts, cut to `decimals`; non-numbers count as zero. */
export function sumDecimals(values: readonly string[], decimals: number): string {
  const total = values.reduce((sum, value) => sum + (toAtoms(value) ?? 0n), 0n);
  return fromAtoms(total, decimals);
}

/** Total assets in USDT (account centre): the four wallets' `usdt_totle` added exactly. */
export function totalAssets(list: Record<`${(typeof WALLETS)[number]}_wallet`, { usdt_totle: string }>): string {
  return sumDecimals(
    WALLETS.map((wallet) => list[`${wallet}_wallet`].usdt_totle),
    VALUE_DECIMALS,
  );
}

/** A currency's holding across the four wallets (available + frozen of each), 8 decimals cut. */
export function holdingOf(item: BalanceFields): string {
  return sumDecimals(
    WALLETS.flatMap((wallet) => Object.values(balanceOf(item, wallet))),
    BALANCE_DECIMALS,
  );
}

/** (available + frozen) × USDT price, 2 decimals cut: the "converted" column. */
export function convertedValue(available: string, frozen: string, usdtPrice: string): string {
  const held = (toAtoms(available) ?? 0n) + (toAtoms(frozen) ?? 0n);
  const price = toAtoms(usdtPrice) ?? 0n;
  return fromAtoms(multiplyAtoms(held, price), VALUE_DECIMALS);
}

/** Decimal text without trailing zeros after the point (`12.50000000` → `12.5`, `3.000` → `3`). */
export function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** What the 'all' link writes into an amount field: the available balance (8 decimals, cut), at most `max`. */
export function allAmount(available: string, max: string = MAX_TRANSFER): string {
  if (!isPositive(available)) return '0';
  const capped = compare(available, max) > 0 ? max : available;
  return trimZeros(fixed(capped, BALANCE_DECIMALS, '0'));
}

/** An amount field's text kept at most `max` (the transfer input stops at 99999999). */
export function capAmount(text: string, max: string = MAX_TRANSFER): string {
  return isPositive(text) && compare(text, max) > 0 ? max : text;
}

/** CNY per USDT read from the quotation board: the USDT-quoted pair with the highest price (least rounding). */
export function usdtCnyRate(items: readonly { legal_name: string; now_price: string; cny_price: string }[]): string | null {
  let best: { price: bigint; cny: bigint } | null = null;
  for (const item of items) {
    if (item.legal_name.toUpperCase() !== 'USDT') continue;
    const price = toAtoms(item.now_price);
    const cny = toAtoms(item.cny_price);
    if (price === null || cny === null || price <= 0n || cny <= 0n) continue;
    if (!best || price > best.price) best = { price, cny };
  }
  if (!best) return null;
  return fromAtoms(divideAtoms(best.cny, best.price) ?? 0n, 8);
}

/** USDT × rate, 2 decimals cut; `null` without a rate. */
export function cnyValue(usdt: string, rate: string | null): string | null {
  if (rate === null) return null;
  const value = toAtoms(usdt);
  const per = toAtoms(rate);
  if (value === null || per === null) return null;
  return fromAtoms(multiplyAtoms(value, per), VALUE_DECIMALS);
}

