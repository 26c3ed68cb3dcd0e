import { divFloor, fixed, isPositive, mulFloor, percentFloor } from './decimal';

/**
 * The maths and rules of the spot order form: totals, the 0–100 % slider, the
 * decimals a field accepts, and the checks before the confirmation dialog.
 */

export type Side = 'buy' | 'sell';
/** Wire values of `mode`: 1 market (the price is the best price of the book), 2 limit, 3 stop-limit. */
export type OrderMode = 'market' | 'limit' | 'stop_limit';
export const MODE_WIRE: Record<OrderMode, '1' | '2' | '3'> = { market: '1', limit: '2', stop_limit: '3' };

/**
 * How a limit order meets the book: `GTC` rests what it does not fill, `IOC` cancels that rest at
 * once, `POST_ONLY` is refused instead of taking (it only ever adds to the book).
 */
export type LimitControl = 'GTC' | 'IOC' | 'POST_ONLY';
export const LIMIT_CONTROLS: readonly LimitControl[] = ['GTC', 'IOC', 'POST_ONLY'];

/** The wire fields of a limit control: `time_in_force` and `post_only` of `transaction/in|out`. */
export function controlFields(control: LimitControl): { time_in_force?: 'IOC'; post_only?: '1' } {
  if (control === 'IOC') return { time_in_force: 'IOC' };
  if (control === 'POST_ONLY') return { post_only: '1' };
  return {};
}

/** Decimals of totals in the form and the book. */
export const TOTAL_DECIMALS = 4;
/** Decimals of the slider's quantity: a slider step gives at most 4. */
export const SLIDER_DECIMALS = 4;
/** The slider steps, in percent. */
export const SLIDER_STEPS = [0, 25, 50, 75, 100] as const;

/** Total = price × number, floored to 4 decimals; zero when either is missing. */
export function orderTotal(price: string, number: string): string {
  return mulFloor(price || '0', number || '0', TOTAL_DECIMALS) ?? fixed('0', TOTAL_DECIMALS);
}

export interface SliderInput {
  side: Side;
  percent: number;
  /** Available quote balance (USDT of BTC/USDT). */
  availableQuote: string;
  /** Available base balance (BTC of BTC/USDT). */
  availableBase: string;
  price: string;
  /** The pair's quantity precision: the slider never gives more decimals than the pair accepts. */
  quantityPrecision: number;
}

/**
 * The quantity a slider step gives: buy = available quote × percent ÷ price, sell = available base
 * × percent; floored to 4 decimals (or fewer when the pair's quantity precision is lower).
 * An empty text when the price is not above zero (the slider is disabled then).
 */
export function sliderNumber(input: SliderInput): string {
  const decimals = Math.min(SLIDER_DECIMALS, Math.max(0, input.quantityPrecision));
  if (!isPositive(input.price)) return '';
  if (input.side === 'sell') return percentFloor(input.availableBase || '0', input.percent, decimals) ?? '';
  const spend = percentFloor(input.availableQuote || '0', input.percent, 18);
  if (spend === null) return '';
  return divFloor(spend, input.price, decimals) ?? '';
}

/** The slider works only for a signed-in trader with a price above zero. */
export function sliderEnabled(signedIn: boolean, price: string): boolean {
  return signedIn && isPositive(price);
}

/** Keys a numeric field refuses: the letter e (no exponents) and signs. */
export function isBlockedKey(key: string): boolean {
  return key === 'e' || key === 'E' || key === '+' || key === '-';
}

/**
 * What a price or number field keeps of what was typed or pasted: digits and one dot, at most
 * `maxDecimals` decimals (none, and no dot, when 0), no leading zeros before other digits.
 */
export function limitDecimals(raw: string, maxDecimals: number): string {
  let text = raw.replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  if (dot >= 0) text = text.slice(0, dot + 1) + text.slice(dot + 1).replace(/\./g, '');
  const [rawWhole = '', fraction] = text.split('.') as [string, string | undefined];
  let whole = rawWhole.replace(/^0+(?=\d)/, '');
  if (fraction === undefined) return whole;
  if (maxDecimals <= 0) return whole;
  if (whole === '') whole = '0';
  return `${whole}.${fraction.slice(0, maxDecimals)}`;
}

/** The message key (apitip) of the first problem before an order may be confirmed, or null. */
export function orderProblem(price: string, number: string): 'enter price' | 'enter number' | null {
  if (!isPositive(price)) return 'enter price';
  if (!isPositive(number)) return 'enter number';
  return null;
}

/** The price a market order shows: the best price on the other side of the book, or ''. */
export function marketPrice(side: Side, bestAsk: string | undefined, bestBid: string | undefined): string {
  return (side === 'buy' ? bestAsk : bestBid) ?? '';
}
