/**
 * Candles for the charts: the period buttons, the
 * Asia/Shanghai clock the chart shows, moving averages, live merging of `kline` pushes, and the
 * small sparklines of the home page. Chart values are drawing coordinates, so floats are fine here.
 */

/** The wire names of the candle periods the server aggregates (`new_timeshar` `period`). */
export type WirePeriod =
  | '1min'
  | '3min'
  | '5min'
  | '15min'
  | '30min'
  | '60min'
  | '120min'
  | '240min'
  | '360min'
  | '720min'
  | '1day'
  | '3day'
  | '1week'
  | '1mon';

/** A period button: `realtime` draws the 1-minute closes as a line ("time-share"). */
export type ChartPeriod = 'realtime' | '1min' | '5min' | '15min' | '30min' | '60min' | '1day' | '1week' | '1mon';

export const CHART_PERIODS: readonly ChartPeriod[] = ['realtime', '1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon'];
export const DEFAULT_PERIOD: ChartPeriod = '1min';

export function wirePeriod(period: ChartPeriod): WirePeriod {
  return period === 'realtime' ? '1min' : period;
}

export function isChartPeriod(value: unknown): value is ChartPeriod {
  return typeof value === 'string' && (CHART_PERIODS as readonly string[]).includes(value);
}

/** Moving averages drawn on the candles. */
export const MA_LENGTHS = [5, 10, 30] as const;

/** The chart's clock is Asia/Shanghai: UTC+8 all year (no daylight saving since 1991). */
export const SHANGHAI_OFFSET_S = 8 * 3600;

/**
 * lightweight-charts shows times as UTC; shifting every time by +8 h makes its axis and
 * crosshair read Shanghai time whatever the viewer's own zone.
 */
export function chartTime(ms: number): number {
  return Math.floor(ms / 1000) + SHANGHAI_OFFSET_S;
}

export interface Candle {
  /** chart time: unix seconds shifted to Shanghai */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface BarLike {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** A wire bar (ms, decimal text) as a chart candle; null when a value is unreadable. */
export function toCandle(bar: BarLike): Candle | null {
  const candle = {
    time: chartTime(bar.time),
    open: Number(bar.open),
    high: Number(bar.high),
    low: Number(bar.low),
    close: Number(bar.close),
    volume: Number(bar.volume),
  };
  const values = [candle.time, candle.open, candle.high, candle.low, candle.close, candle.volume];
  return values.every(Number.isFinite) ? candle : null;
}

/** Wire bars, oldest first, as candles with unique increasing times. */
export function toCandles(bars: readonly BarLike[]): Candle[] {
  const out: Candle[] = [];
  for (const bar of bars) {
    const candle = toCandle(bar);
    if (!candle) continue;
    const last = out[out.length - 1];
    if (last && candle.time < last.time) continue;
    if (last && candle.time === last.time) out[out.length - 1] = candle;
    else out.push(candle);
  }
  return out;
}

/**
 * Merges a live bar into the list (in place): the same time replaces the last candle, a newer time
 * is appended, an older one is ignored. Returns what happened.
 */
export function mergeCandle(list: Candle[], candle: Candle): 'replaced' | 'appended' | 'ignored' {
  const last = list[list.length - 1];
  if (!last || candle.time > last.time) {
    list.push(candle);
    return 'appended';
  }
  if (candle.time === last.time) {
    list[list.length - 1] = candle;
    return 'replaced';
  }
  return 'ignored';
}

export interface LinePoint {
  time: number;
  value: number;
}

/** The simple moving average of the closes over `length` candles (from the length-th candle on). */
export function movingAverage(candles: readonly Candle[], length: number): LinePoint[] {
  const out: LinePoint[] = [];
  let sum = 0;
  for (let i = 0; i < candles.length; i += 1) {
    sum += candles[i]!.close;
    if (i >= length) sum -= candles[i - length]!.close;
    if (i >= length - 1) out.push({ time: candles[i]!.time, value: sum / length });
  }
  return out;
}

/** The moving average at the last candle, or null when there are fewer than `length` candles. */
export function lastMovingAverage(candles: readonly Candle[], length: number): LinePoint | null {
  if (candles.length < length) return null;
  let sum = 0;
  for (let i = candles.length - length; i < candles.length; i += 1) sum += candles[i]!.close;
  return { time: candles[candles.length - 1]!.time, value: sum / length };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A chart time (already shifted) as `YYYY-MM-DD HH:mm`, Latin digits, never through Intl. */
export function formatChartTime(time: number, withTime = true): string {
  const date = new Date(time * 1000);
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return withTime ? `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}` : day;
}

/** The axis labels: year, month, day or time, as lightweight-charts asks for them (TickMarkType). */
export function formatTick(time: number, tickType: number): string {
  const date = new Date(time * 1000);
  switch (tickType) {
    case 0:
      return String(date.getUTCFullYear());
    case 1:
      return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
    case 2:
      return `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
    case 4:
      return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
    default:
      return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  }
}

/** A spark bar: `id` is the open time in unix seconds. */
export interface SparkBar {
  id: number;
  close: string;
}

/** Merges newer bars into a sparkline's bars (same id replaces), keeping the newest `keep`. */
export function mergeSparkBars(previous: readonly SparkBar[], incoming: readonly SparkBar[], keep: number): SparkBar[] {
  const byId = new Map<number, SparkBar>();
  for (const bar of previous) byId.set(bar.id, bar);
  for (const bar of incoming) byId.set(bar.id, { id: bar.id, close: bar.close });
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(-keep);
}

/**
 * The `points` attribute of an SVG polyline drawing `values` in a `width` × `height` box, with
 * `inset` units kept free at the top and bottom. A flat line in the middle when all values agree.
 */
export function sparkPoints(values: readonly number[], width: number, height: number, inset = 1): string {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return '';
  if (finite.length === 1) return `0,${height / 2} ${width},${height / 2}`;
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  const span = max - min;
  const step = width / (finite.length - 1);
  const usable = height - inset * 2;
  return finite
    .map((value, i) => {
      const y = span === 0 ? height / 2 : inset + usable - ((value - min) / span) * usable;
      return `${round(i * step)},${round(y)}`;
    })
    .join(' ');
}

const round = (n: number) => Math.round(n * 100) / 100;
