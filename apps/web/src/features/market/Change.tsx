import { clsx } from 'clsx';
import { changeTone, formatChange } from '../../lib/trading/market';

const toneClass = { up: 'text-up', down: 'text-down', flat: 'text-muted' } as const;

/** A 24 h change in percent, 2 decimals, green above zero and red below. */
export function Change({ value, className, badge = false, testId }: { value: string | undefined; className?: string; badge?: boolean; testId?: string }) {
  const tone = changeTone(value);
  return (
    <span
      data-testid={testId}
      dir="ltr"
      className={clsx(
        'num',
        badge
          ? clsx(
              'inline-flex min-w-[4.75rem] justify-center rounded px-2 py-1 text-[0.8125rem] font-semibold',
              tone === 'up' && 'bg-up text-white',
              tone === 'down' && 'bg-down text-white',
              tone === 'flat' && 'bg-raised text-muted',
            )
          : toneClass[tone],
        className,
      )}
    >
      {formatChange(value)}
    </span>
  );
}
