import { clsx } from 'clsx';
import { useMemo } from 'react';
import { sparkPoints, type SparkBar } from '../../lib/trading/candles';
import type { Tone } from '../../lib/trading/market';
import { useSparkline } from './queries';

interface SparklineProps {
  symbol: string;
  /** How many of the newest closes to draw (60 in the table, 50 in the ticker). */
  points: number;
  tone: Tone;
  width?: number;
  height?: number;
  className?: string;
}

const stroke: Record<Tone, string> = { up: 'text-up', down: 'text-down', flat: 'text-faint' };

/** A small line of the pair's last one-minute closes, refreshed every 5 s. */
export function Sparkline({ symbol, points, tone, width = 96, height = 28, className }: SparklineProps) {
  const { data } = useSparkline(symbol);
  return <SparkPath bars={data} points={points} tone={tone} width={width} height={height} className={className} />;
}

function SparkPath({
  bars,
  points,
  tone,
  width,
  height,
  className,
}: {
  bars: SparkBar[] | undefined;
  points: number;
  tone: Tone;
  width: number;
  height: number;
  className?: string | undefined;
}) {
  const line = useMemo(
    () => sparkPoints((bars ?? []).slice(-points).map((bar) => Number(bar.close)), width, height, 2),
    [bars, points, width, height],
  );
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      data-points={bars ? Math.min(points, bars.length) : 0}
      className={clsx('shrink-0 overflow-visible', stroke[tone], className)}
    >
      {line ? (
        <polyline points={line} fill="none" stroke="currentColor" strokeWidth={1.4} strokeLinejoin="round" strokeLinecap="round" />
      ) : (
        <line x1={0} x2={width} y1={height / 2} y2={height / 2} stroke="currentColor" strokeOpacity={0.3} strokeDasharray="2 3" />
      )}
    </svg>
  );
}
