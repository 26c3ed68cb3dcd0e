import { clsx } from 'clsx';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Num } from '../../components/Num';
import { bookView, spread, type BookRow, type Level } from '../../lib/trading/book';
import { fixed } from '../../lib/trading/decimal';

/** Levels shown per side (the feed sends 10). */
export const BOOK_LEVELS = 10;
const ROW_HEIGHT = 20;

interface OrderBookProps {
  bids: readonly Level[];
  asks: readonly Level[];
  lastPrice: string;
  /** +1 when the last trade went up, -1 down, 0 unknown */
  direction: 1 | -1 | 0;
  /** the last price's approximate CNY value, null when unknown */
  lastPriceCny: string | null;
  legalName: string;
  currencyName: string;
  pricePrecision: number;
  quantityPrecision: number;
  /** A price was clicked: the trade form takes it. */
  onPick?(price: string): void;
  levels?: number;
  className?: string;
}

/**
 * The order book drawn on canvas (bar width ∝ quantity ÷ max quantity): asks above
 * with the best ask nearest the middle, the last price, bids below. A visually hidden list of
 * buttons mirrors the rows for keyboards, screen readers and tests.
 */
export function OrderBook({
  bids,
  asks,
  lastPrice,
  direction,
  lastPriceCny,
  legalName,
  currencyName,
  pricePrecision,
  quantityPrecision,
  onPick,
  levels = BOOK_LEVELS,
  className,
}: OrderBookProps) {
  const { t } = useTranslation();
  const view = useMemo(() => bookView(bids, asks, levels), [bids, asks, levels]);
  // Asks are drawn with the best price at the bottom, next to the last price.
  const askRows = useMemo(() => [...view.asks].reverse(), [view.asks]);
  const gap = spread(bids, asks, pricePrecision);
  const format = { pricePrecision, quantityPrecision };

  return (
    <section
      aria-label={t('book.title')}
      data-testid="order-book"
      className={clsx('flex flex-col overflow-hidden rounded-lg border border-line bg-surface', className)}
    >
      <header className="flex h-10 items-center justify-between border-b border-line px-3">
        <h2 className="text-[0.8125rem] font-semibold text-fg">{t('book.title')}</h2>
        {gap !== null && (
          <span className="text-[0.6875rem] text-faint">
            {t('book.spread')} <Num className="text-muted">{gap}</Num>
          </span>
        )}
      </header>
      <div className="grid grid-cols-3 gap-2 px-3 py-1.5 text-[0.6875rem] text-faint">
        <span>{t('book.price', { unit: legalName })}</span>
        <span className="text-end">{t('book.amount', { unit: currencyName })}</span>
        <span className="text-end">{t('book.total')}</span>
      </div>
      <BookCanvas side="asks" rows={askRows} levels={levels} onPick={onPick} format={format} align="end" />
      <div className="flex h-9 items-center gap-2 border-y border-line bg-raised/60 px-3" data-testid="book-last">
        <span
          className={clsx(
            'text-[0.9375rem] font-semibold',
            direction > 0 ? 'text-up' : direction < 0 ? 'text-down' : 'text-fg',
          )}
        >
          <Num testId="book-last-price">{fixed(lastPrice, pricePrecision)}</Num>
          {direction !== 0 && (
            <span aria-hidden="true" className="ms-1 text-xs">
              {direction > 0 ? '↑' : '↓'}
            </span>
          )}
        </span>
        {lastPriceCny !== null && (
          <span className="text-[0.75rem] text-faint" data-testid="book-last-price-cny">
            ≈ <Num>¥{lastPriceCny}</Num>
          </span>
        )}
      </div>
      <BookCanvas side="bids" rows={view.bids} levels={levels} onPick={onPick} format={format} align="start" />
    </section>
  );
}

interface Palette {
  up: string;
  down: string;
  fg: string;
  muted: string;
  hover: string;
  font: string;
}

function readPalette(): Palette {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    up: read('--up', '#1fc08a'),
    down: read('--down', '#f0475c'),
    fg: read('--fg', '#e8ecf2'),
    muted: read('--muted', '#939cab'),
    hover: read('--raised', '#1a1f28'),
    font: read('--font-ui', 'sans-serif'),
  };
}

function BookCanvas({
  side,
  rows,
  levels,
  onPick,
  format,
  align,
}: {
  side: 'bids' | 'asks';
  rows: BookRow[];
  levels: number;
  onPick: ((price: string) => void) | undefined;
  format: { pricePrecision: number; quantityPrecision: number };
  /** asks sit at the bottom of their box (best next to the middle), bids at the top */
  align: 'start' | 'end';
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const [hover, setHover] = useState<number | null>(null);
  const height = levels * ROW_HEIGHT;
  const offset = align === 'end' ? levels - rows.length : 0;

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = canvas.current;
    if (!element || width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(width * ratio);
    element.height = Math.round(height * ratio);
    const context = element.getContext('2d');
    if (!context) return;
    const palette = readPalette();
    const rtl = document.documentElement.dir === 'rtl';
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    context.font = `12px ${palette.font}`;
    context.textBaseline = 'middle';
    const colour = side === 'asks' ? palette.down : palette.up;
    const pad = 12;
    // columns: price at the start edge, amount at two thirds, total at the end edge
    const x = (fromStart: number) => (rtl ? width - fromStart : fromStart);
    rows.forEach((row, i) => {
      const top = (i + offset) * ROW_HEIGHT;
      if (hover === i) {
        context.fillStyle = palette.hover;
        context.fillRect(0, top, width, ROW_HEIGHT);
      }
      const bar = Math.max(1, row.ratio * width);
      context.globalAlpha = 0.16;
      context.fillStyle = colour;
      context.fillRect(rtl ? 0 : width - bar, top + 1, bar, ROW_HEIGHT - 2);
      context.globalAlpha = 1;
      const middle = top + ROW_HEIGHT / 2;
      context.fillStyle = colour;
      context.textAlign = rtl ? 'right' : 'left';
      context.fillText(fixed(row.price, format.pricePrecision), x(pad), middle);
      context.fillStyle = palette.fg;
      context.textAlign = rtl ? 'left' : 'right';
      context.fillText(fixed(row.quantity, format.quantityPrecision), x((width * 2) / 3), middle);
      context.fillStyle = palette.muted;
      context.fillText(row.total, x(width - pad), middle);
    });
  }, [rows, width, height, hover, offset, side, format.pricePrecision, format.quantityPrecision]);

  const rowAt = (clientY: number): number | null => {
    const rect = canvas.current?.getBoundingClientRect();
    if (!rect) return null;
    const index = Math.floor((clientY - rect.top) / ROW_HEIGHT) - offset;
    return index >= 0 && index < rows.length ? index : null;
  };

  return (
    <div ref={box} className="relative" style={{ height }} data-testid={`book-${side}`}>
      <canvas
        ref={canvas}
        style={{ width: '100%', height }}
        className={clsx('block', onPick && 'cursor-pointer')}
        aria-hidden="true"
        onMouseMove={(event) => setHover(rowAt(event.clientY))}
        onMouseLeave={() => setHover(null)}
        onClick={(event) => {
          const index = rowAt(event.clientY);
          const row = index === null ? undefined : rows[index];
          if (row && onPick) onPick(row.price);
        }}
      />
      {rows.length === 0 && (
        <p className="pointer-events-none absolute inset-0 grid place-items-center text-[0.75rem] text-faint">
          {side === 'asks' ? t('book.noAsks') : t('book.noBids')}
        </p>
      )}
      <ul className="sr-only" aria-label={side === 'asks' ? t('book.asks') : t('book.bids')}>
        {rows.map((row) => (
          <li key={row.price}>
            <button
              type="button"
              data-testid={side === 'asks' ? 'book-ask' : 'book-bid'}
              data-price={row.price}
              data-quantity={row.quantity}
              onClick={() => onPick?.(row.price)}
            >
              {t('book.level', {
                price: fixed(row.price, format.pricePrecision),
                amount: fixed(row.quantity, format.quantityPrecision),
              })}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
