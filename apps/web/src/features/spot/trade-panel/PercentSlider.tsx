import * as Slider from '@radix-ui/react-slider';
import { clsx } from 'clsx';
import { pageDir } from '../../../components/Tabs';
import { SLIDER_STEPS, type Side } from '../../../lib/trading/order';

/** The 0–100 % share of the available balance, in steps of 25, with a button per step. */
export function PercentSlider({
  side,
  value,
  disabled,
  onChange,
  label,
}: {
  side: Side;
  value: number;
  disabled: boolean;
  onChange(percent: number): void;
  label: string;
}) {
  const fill = side === 'buy' ? 'bg-up' : 'bg-down';
  const ring = side === 'buy' ? 'border-up' : 'border-down';
  return (
    <div className="flex flex-col gap-1.5 px-1" data-testid={`${side}-slider`} data-disabled={disabled || undefined}>
      <Slider.Root
        value={[value]}
        min={0}
        max={100}
        step={25}
        disabled={disabled}
        dir={pageDir()}
        onValueChange={([next]) => onChange(next ?? 0)}
        className={clsx('relative flex h-4 touch-none items-center select-none', disabled && 'opacity-50')}
        aria-label={label}
      >
        <Slider.Track className="relative h-1 grow rounded-full bg-line">
          <Slider.Range className={clsx('absolute h-full rounded-full', fill)} />
        </Slider.Track>
        {SLIDER_STEPS.map((step) => (
          <span
            key={step}
            aria-hidden="true"
            style={{ insetInlineStart: `calc(${step}% - 4px)` }}
            className={clsx(
              'pointer-events-none absolute size-2 rotate-45 border bg-surface',
              step <= value && !disabled ? ring : 'border-line-strong',
            )}
          />
        ))}
        <Slider.Thumb className={clsx('block size-3.5 rotate-45 border-2 bg-surface outline-none focus-visible:ring-2 focus-visible:ring-brand', ring)} />
      </Slider.Root>
      <div className="flex justify-between text-[0.6875rem] text-faint">
        {SLIDER_STEPS.map((step) => (
          <button
            key={step}
            type="button"
            disabled={disabled}
            onClick={() => onChange(step)}
            data-testid={`${side}-step-${step}`}
            className={clsx('num rounded px-0.5 hover:text-fg disabled:cursor-not-allowed disabled:hover:text-faint', step === value && !disabled && 'text-fg')}
          >
            {step}%
          </button>
        ))}
      </div>
    </div>
  );
}
