import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import {
  AreaSeries,
  CandlestickSeries,
  createChart,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { marketApi } from '../../api';
import { Num } from '../../components/Num';
import { Spinner } from '../../components/Spinner';
import {
  CHART_PERIODS,
  DEFAULT_PERIOD,
  MA_LENGTHS,
  formatChartTime,
  formatTick,
  lastMovingAverage,
  mergeCandle,
  movingAverage,
  toCandle,
  toCandles,
  wirePeriod,
  type Candle,
  type ChartPeriod,
} from '../../lib/trading/candles';
import { klineKey, useLive } from './live-store';

const MA_COLOURS = ['#f0b90b', '#c56cf0', '#3fb6e8'] as const;
/** Bars in view when a pair or period opens. */
const VISIBLE_BARS = 120;

interface CandleChartProps {
  symbol: string;
  pricePrecision: number;
  /** CSS pixels of the drawing area (516 in the terminal). */
  height: number;
  initialPeriod?: ChartPeriod;
  /** A link to the full candlestick terminal, shown in the toolbar (the desk's chart). */
  terminalLink?: string;
  className?: string;
}

interface Series {
  candles: ISeriesApi<'Candlestick'>;
  line: ISeriesApi<'Area'>;
  volume: ISeriesApi<'Histogram'>;
  averages: ISeriesApi<'Line'>[];
}

interface Legend {
  time: number;
  candle: Candle;
  averages: (number | null)[];
}

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** A hex colour with an alpha; other notations are returned as they are. */
function withAlpha(colour: string, alpha: number): string {
  if (/^#[0-9a-f]{6}$/i.test(colour)) {
    return `${colour}${Math.round(alpha * 255)
      .toString(16)
      .padStart(2, '0')}`;
  }
  return colour;
}

const ts = (time: number) => time as UTCTimestamp;

/**
 * Candles with volume and moving averages (MA5, MA10, MA30) from `new_timeshar`, updated live by
 * `kline` pushes, on Shanghai time. "Real-time" draws the 1-minute closes as a line. The chart
 * library's TradingView attribution logo stays on (its licence asks for it).
 */
export function CandleChart({ symbol, pricePrecision, height, initialPeriod = DEFAULT_PERIOD, terminalLink, className }: CandleChartProps) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<ChartPeriod>(initialPeriod);
  const wire = wirePeriod(period);
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<Series | null>(null);
  const candles = useRef<Candle[]>([]);
  const [legend, setLegend] = useState<Legend | null>(null);
  const hovering = useRef(false);
  /** Volume bar colours of the theme, read once with the chart. */
  const volumeColours = useRef({ up: '#1fc08a73', down: '#f0475c73' });
  const precision = useRef(pricePrecision);
  const [hasBars, setHasBars] = useState(false);

  const query = useQuery({
    queryKey: ['market', 'candles', symbol, wire],
    queryFn: ({ signal }) => marketApi.candles({ symbol, period: wire }, { signal }),
    enabled: symbol !== '',
    staleTime: 0,
    refetchOnReconnect: true,
  });

  // The chart itself: made once, with the theme's colours (a theme change reloads the page).
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const up = cssVar('--up', '#1fc08a');
    const down = cssVar('--down', '#f0475c');
    const line = cssVar('--line', '#232a35');
    volumeColours.current = { up: withAlpha(up, 0.45), down: withAlpha(down, 0.45) };
    const created = createChart(element, {
      autoSize: true,
      layout: {
        background: { color: cssVar('--surface', '#12161d') },
        textColor: cssVar('--muted', '#939cab'),
        fontFamily: cssVar('--font-ui', 'sans-serif'),
        fontSize: 11,
        attributionLogo: true,
      },
      grid: { vertLines: { color: withAlpha(line, 0.6) }, horzLines: { color: withAlpha(line, 0.6) } },
      crosshair: { mode: CrosshairMode.Normal },
      rightPriceScale: { borderColor: line, scaleMargins: { top: 0.14, bottom: 0.24 } },
      timeScale: {
        borderColor: line,
        timeVisible: true,
        secondsVisible: false,
        rightOffset: 4,
        barSpacing: 7,
        tickMarkFormatter: (time: Time, tickType: number) => formatTick(time as number, tickType),
      },
      localization: {
        locale: 'en-US',
        timeFormatter: (time: Time) => formatChartTime(time as number),
        priceFormatter: (price: number) => price.toFixed(precision.current),
      },
    });
    const made: Series = {
      candles: created.addSeries(CandlestickSeries, {
        upColor: up,
        downColor: down,
        borderUpColor: up,
        borderDownColor: down,
        wickUpColor: up,
        wickDownColor: down,
      }),
      line: created.addSeries(AreaSeries, {
        lineColor: cssVar('--brand', '#4d7cfe'),
        topColor: withAlpha(cssVar('--brand', '#4d7cfe'), 0.28),
        bottomColor: withAlpha(cssVar('--brand', '#4d7cfe'), 0.02),
        lineWidth: 2,
        visible: false,
      }),
      volume: created.addSeries(HistogramSeries, {
        priceScaleId: 'volume',
        priceFormat: { type: 'volume' },
        lastValueVisible: false,
        priceLineVisible: false,
      }),
      averages: MA_LENGTHS.map((_, i) =>
        created.addSeries(LineSeries, {
          color: MA_COLOURS[i],
          lineWidth: 1,
          lastValueVisible: false,
          priceLineVisible: false,
          crosshairMarkerVisible: false,
        }),
      ),
    };
    created.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    const onMove = (param: MouseEventParams) => {
      const time = typeof param.time === 'number' ? param.time : null;
      hovering.current = time !== null;
      const list = candles.current;
      const index = time === null ? list.length - 1 : list.findIndex((c) => c.time === time);
      setLegend(legendAt(list, index));
    };
    created.subscribeCrosshairMove(onMove);
    chart.current = created;
    series.current = made;
    return () => {
      created.unsubscribeCrosshairMove(onMove);
      created.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  // Price format of the pair.
  useEffect(() => {
    precision.current = pricePrecision;
    const format = { type: 'price' as const, precision: pricePrecision, minMove: 1 / 10 ** pricePrecision };
    series.current?.candles.applyOptions({ priceFormat: format });
    series.current?.line.applyOptions({ priceFormat: format });
    for (const average of series.current?.averages ?? []) average.applyOptions({ priceFormat: format });
  }, [pricePrecision]);

  // The candles of the reply, and which series show for the period.
  useEffect(() => {
    const made = series.current;
    if (!made) return;
    const list = toCandles(query.data?.bars ?? []);
    candles.current = list;
    const realtimeLine = period === 'realtime';
    made.candles.applyOptions({ visible: !realtimeLine });
    made.line.applyOptions({ visible: realtimeLine });
    made.candles.setData(list.map((c) => ({ time: ts(c.time), open: c.open, high: c.high, low: c.low, close: c.close })));
    made.line.setData(list.map((c) => ({ time: ts(c.time), value: c.close })));
    made.volume.setData(list.map((c) => volumeBar(c, volumeColours.current)));
    made.averages.forEach((average, i) => {
      average.applyOptions({ visible: !realtimeLine });
      average.setData(movingAverage(list, MA_LENGTHS[i]!).map((p) => ({ time: ts(p.time), value: p.value })));
    });
    // Show the newest bars (up to 120) whatever the previous period's zoom was.
    if (list.length > 0) {
      const shown = Math.min(list.length, VISIBLE_BARS);
      chart.current?.timeScale().setVisibleLogicalRange({ from: list.length - shown - 0.5, to: list.length + 3 });
    }
    setLegend(legendAt(list, list.length - 1));
    setHasBars(list.length > 0);
  }, [query.data, period]);

  // Live bars of this symbol and period.
  useEffect(() => {
    const key = klineKey(symbol, wire);
    let seen = useLive.getState().klines[key]?.seq ?? 0;
    return useLive.subscribe((state) => {
      const batch = state.klines[key];
      if (!batch || batch.seq === seen) return;
      seen = batch.seq;
      const made = series.current;
      if (!made) return;
      const list = candles.current;
      for (const push of batch.bars) {
        const candle = toCandle(push);
        if (!candle || mergeCandle(list, candle) === 'ignored') continue;
        made.candles.update({ time: ts(candle.time), open: candle.open, high: candle.high, low: candle.low, close: candle.close });
        made.line.update({ time: ts(candle.time), value: candle.close });
        made.volume.update(volumeBar(candle, volumeColours.current));
        made.averages.forEach((average, i) => {
          const point = lastMovingAverage(list, MA_LENGTHS[i]!);
          if (point) average.update({ time: ts(point.time), value: point.value });
        });
      }
      if (!hovering.current) setLegend(legendAt(list, list.length - 1));
      setHasBars(list.length > 0);
    });
  }, [symbol, wire]);

  const empty = query.isSuccess && !hasBars;

  return (
    <section
      aria-label={t('chart.title')}
      data-testid="candle-chart"
      data-period={period}
      className={clsx('flex flex-col overflow-hidden rounded-lg border border-line bg-surface', className)}
    >
      <div className="flex h-10 items-center gap-1 overflow-x-auto border-b border-line px-2" role="toolbar" aria-label={t('chart.periods')}>
        {CHART_PERIODS.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={key === period}
            data-testid={`chart-period-${key}`}
            onClick={() => setPeriod(key)}
            className={clsx(
              'h-7 shrink-0 rounded px-2 text-[0.75rem] font-medium transition-colors',
              key === period ? 'bg-brand-soft text-brand' : 'text-muted hover:bg-raised hover:text-fg',
            )}
          >
            {t(`chart.period.${key}`)}
          </button>
        ))}
        <span className="ms-auto shrink-0 ps-2 text-[0.6875rem] text-faint">{t('chart.timeZone')}</span>
        {terminalLink && (
          <Link
            to={terminalLink}
            data-testid="chart-terminal-link"
            className="ms-2 shrink-0 rounded px-2 py-1 text-[0.75rem] font-medium text-brand hover:bg-brand-soft"
          >
            {t('chart.openTerminal')}
          </Link>
        )}
      </div>
      {/* The chart draws left to right in every language. */}
      <div dir="ltr" className="relative max-sm:h-[340px]!" style={{ height }}>
        <div ref={container} className="absolute inset-0" />
        {legend && <ChartLegend legend={legend} precision={pricePrecision} showAverages={period !== 'realtime'} />}
        {query.isPending && (
          <div className="pointer-events-none absolute inset-0 grid place-items-center">
            <Spinner />
          </div>
        )}
        {(empty || query.isError) && (
          <p data-testid="chart-empty" className="pointer-events-none absolute inset-0 grid place-items-center text-[0.8125rem] text-faint">
            {query.isError ? t('chart.failed') : t('chart.noData')}
          </p>
        )}
      </div>
    </section>
  );
}

function volumeBar(c: Candle, colours: { up: string; down: string }) {
  return { time: ts(c.time), value: c.volume, color: c.close >= c.open ? colours.up : colours.down };
}

function legendAt(list: readonly Candle[], index: number): Legend | null {
  const candle = list[index];
  if (!candle) return null;
  const upTo = list.slice(0, index + 1);
  return { time: candle.time, candle, averages: MA_LENGTHS.map((length) => lastMovingAverage(upTo, length)?.value ?? null) };
}

function ChartLegend({ legend, precision, showAverages }: { legend: Legend; precision: number; showAverages: boolean }) {
  const { candle } = legend;
  const colour = candle.close >= candle.open ? 'text-up' : 'text-down';
  const value = (n: number) => n.toFixed(precision);
  return (
    <div className="pointer-events-none absolute start-2 top-1.5 z-10 flex flex-col gap-0.5 text-[0.6875rem] leading-tight" data-testid="chart-legend">
      <div className="flex flex-wrap gap-x-2 text-muted">
        <Num>{formatChartTime(legend.time)}</Num>
        <span>
          O <Num className={colour}>{value(candle.open)}</Num>
        </span>
        <span>
          H <Num className={colour}>{value(candle.high)}</Num>
        </span>
        <span>
          L <Num className={colour}>{value(candle.low)}</Num>
        </span>
        <span>
          C <Num className={colour}>{value(candle.close)}</Num>
        </span>
        <span>
          V <Num className="text-fg">{candle.volume.toFixed(4)}</Num>
        </span>
      </div>
      {showAverages && (
        <div className="flex flex-wrap gap-x-2">
          {MA_LENGTHS.map((length, i) => (
            <span key={length} style={{ color: MA_COLOURS[i] }}>
              MA{length} <Num>{legend.averages[i] === null ? '--' : value(legend.averages[i]!)}</Num>
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
