import { divideAtoms, formatFixed, multiplyAtoms, readDecimal } from '@tessera/protocol';

/**
 * The maths of leveraged positions as the screens show it: contract value, margin and fee of an
 * order, the spread-adjusted price, unrealised profit, the expected result of a take-profit or
 * stop-loss, the risk rate and the mark at which a position would be liquidated. Decimal text in,
 * decimal text out; exact atoms in between, results cut toward zero, never rounded.
 */

/** Direction of a lever trade on the wire: 1 long (buy), 2 short (sell). */
export type LeverDirection = 1 | 2;

/** Decimals of the money figures of the lever screens (value, margin, fee, profit). */
export const LEVER_MONEY_DECIMALS = 4;
/** Decimals of prices on the lever screens. */
export const LEVER_PRICE_DECIMALS = 4;
/** Take-profit and stop-loss prices move by this step. */
export const STOP_STEP = '0.01';
/** Liquidation happens when the risk rate falls to this percentage or below, unless the server says otherwise. */
export const DEFAULT_LIQUIDATION_RATE = '110';

const HUNDRED = 100n * 10n ** 18n;
const ZERO = 0n;

const atoms = (text: string | number | null | undefined): bigint => readDecimal(text ?? null) ?? ZERO;
const money = (value: bigint): string => formatFixed(value, LEVER_MONEY_DECIMALS);

/** True when the text is a whole number above zero (hands). */
export function isWholePositive(text: string): boolean {
  return /^\d+$/.test(text.trim()) && BigInt(text.trim()) > 0n;
}

/**
 * The price a side trades at: a buy pays the mark plus the pair's spread (an amount of the quote
 * currency), a sell gets the mark minus it, never below zero. A long opens as a buy and closes as a
 * sell; a short the reverse.
 */
export function spreadPrice(price: string, spread: string, direction: LeverDirection): string {
  const base = atoms(price);
  const amount = atoms(spread);
  const traded = direction === 1 ? base + amount : base - amount;
  return formatFixed(traded > ZERO ? traded : ZERO, 18);
}

export interface LeverTotalsInput {
  price: string;
  hands: string;
  /** Contract size per hand (`lever_share_num`). */
  shareNum: string;
  multiple: string;
  /** Fee percent of the contract value (`lever_trade_fee`). */
  feePercent: string;
}

export interface LeverTotals {
  value: string;
  margin: string;
  fee: string;
  /** What the order takes from the lever wallet: margin + fee. */
  required: string;
}

/**
 * Contract value = price × hands × contract size; margin = value ÷ multiple; fee = value × fee %.
 * Zeros when a figure is missing.
 */
export function leverTotals(input: LeverTotalsInput): LeverTotals {
  const value = multiplyAtoms(multiplyAtoms(atoms(input.price), atoms(input.hands)), atoms(input.shareNum));
  const multiple = atoms(input.multiple);
  const margin = multiple > ZERO ? (divideAtoms(value, multiple) ?? ZERO) : ZERO;
  const fee = multiplyAtoms(value, divideAtoms(atoms(input.feePercent), HUNDRED) ?? ZERO);
  // each figure is cut on its own, and the sum is of the cut figures: what the screen adds up
  const cut = (figure: bigint) => atoms(money(figure));
  return { value: money(value), margin: money(margin), fee: money(fee), required: money(cut(margin) + cut(fee)) };
}

export interface PositionFigures {
  type: LeverDirection;
  /** Opening price. */
  price: string;
  /** Hands. */
  share: string;
  /** Contract size per hand. */
  shareNum: string;
  /** The pair's spread: a position closes at the mark minus it (long) or plus it (short). */
  spread?: string;
}

/** The price a position closes at when the mark is `mark`. */
function exitPrice(position: PositionFigures, mark: bigint): bigint {
  const spread = atoms(position.spread ?? '0');
  const exit = position.type === 1 ? mark - spread : mark + spread;
  return exit > ZERO ? exit : ZERO;
}

/** The position's exposure in the base currency, signed: + for a long, − for a short. */
function signedQuantity(position: PositionFigures): bigint {
  const quantity = multiplyAtoms(atoms(position.share), atoms(position.shareNum));
  return position.type === 1 ? quantity : -quantity;
}

function profitAtoms(position: PositionFigures, mark: string): bigint {
  return multiplyAtoms(exitPrice(position, atoms(mark)) - atoms(position.price), signedQuantity(position));
}

/**
 * Profit (negative for a loss) if the position closed with the mark at `price`: (exit − open) ×
 * quantity, reversed for a short, the exit being the mark less the spread for a long, plus it for a short.
 */
export function positionProfit(position: PositionFigures, price: string): string {
  return money(profitAtoms(position, price));
}

/**
 * What the stop-loss modal shows beside a price: the profit a take-profit at `price` would make,
 * or the loss a stop-loss at `price` would take, as a figure at or above zero (zero when the
 * price is on the wrong side or empty).
 */
export function expectedStopResult(position: PositionFigures, price: string, kind: 'profit' | 'loss'): string {
  if (atoms(price) <= ZERO) return money(ZERO);
  const profit = profitAtoms(position, price);
  const shown = kind === 'profit' ? profit : -profit;
  return money(shown > ZERO ? shown : ZERO);
}

export type StopProblem =
  | 'profit must be above zero'
  | 'loss must be above zero'
  | 'profit must be above the price'
  | 'profit must be below the price'
  | 'loss must be below the price'
  | 'loss must be above the price';

/**
 * The first problem of a take-profit / stop-loss pair against the current price, or null. Both are
 * required above zero; a long takes profit above the price and stops below it, a short the reverse.
 */
export function stopProblem(type: LeverDirection, currentPrice: string, takeProfit: string, stopLoss: string): StopProblem | null {
  const current = atoms(currentPrice);
  const profit = atoms(takeProfit);
  const loss = atoms(stopLoss);
  if (profit <= ZERO) return 'profit must be above zero';
  if (loss <= ZERO) return 'loss must be above zero';
  if (current <= ZERO) return null;
  if (type === 1) {
    if (profit <= current) return 'profit must be above the price';
    if (loss >= current) return 'loss must be below the price';
  } else {
    if (profit >= current) return 'profit must be below the price';
    if (loss <= current) return 'loss must be above the price';
  }
  return null;
}

/**
 * One step (0.01) up or down from a take-profit or stop-loss input; `null` when a step down would
 * reach zero or below (the modal says it must stay above zero).
 */
export function stepStop(value: string, direction: 1 | -1): string | null {
  const next = atoms(value) + BigInt(direction) * atoms(STOP_STEP);
  if (next <= ZERO) return null;
  return formatFixed(next, 2);
}

export interface RiskInput {
  /** Available balance of the lever wallet in the quote currency. */
  available: string;
  /** Σ margin of the open positions. */
  margin: string;
  /** Σ unrealised profit (negative for a loss). */
  profit: string;
}

/** Risk rate in percent = (available + Σ margin + Σ profit) ÷ Σ margin × 100, to 2 decimals; null without margin. */
export function riskRate(input: RiskInput): string | null {
  const margin = atoms(input.margin);
  if (margin <= ZERO) return null;
  const equity = atoms(input.available) + margin + atoms(input.profit);
  return formatFixed(divideAtoms(equity * 100n, margin) ?? ZERO, 2);
}

export interface LiquidationInput extends RiskInput {
  /** The positions whose mark moves (one pair); `profit` above is the unrealised profit of the others. */
  positions: readonly PositionFigures[];
  /** Liquidation at this risk rate in percent or below. */
  liquidationRate: string;
}

/**
 * The mark of the pair at which the risk rate reaches the liquidation rate, the others' profit held
 * still: solves available + M + other + Σ q·(p − open) = rate × M ÷ 100 for p, with q the signed
 * quantity. Null when the positions cancel out (the mark does not move the rate) or the answer is
 * not a price above zero.
 */
export function liquidationMark(input: LiquidationInput): string | null {
  const margin = atoms(input.margin);
  let exposure = ZERO;
  let openValue = ZERO;
  for (const position of input.positions) {
    const quantity = signedQuantity(position);
    // the exit price is the mark ∓ spread: the same as the mark against an open price ± spread
    const spread = atoms(position.spread ?? '0');
    const effectiveOpen = atoms(position.price) + (position.type === 1 ? spread : -spread);
    exposure += quantity;
    openValue += multiplyAtoms(quantity, effectiveOpen);
  }
  if (exposure === ZERO) return null;
  const threshold = multiplyAtoms(margin, divideAtoms(atoms(input.liquidationRate), HUNDRED) ?? ZERO);
  const needed = threshold - atoms(input.available) - margin - atoms(input.profit) + openValue;
  const mark = divideAtoms(needed, exposure);
  if (mark === null || mark <= ZERO) return null;
  return formatFixed(mark, LEVER_PRICE_DECIMALS);
}
