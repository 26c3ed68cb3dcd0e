import { clsx } from 'clsx';
import type { KeyboardEvent } from 'react';
import { isBlockedKey } from '../../../lib/trading/order';

function blockKeys(event: KeyboardEvent<HTMLInputElement>) {
  if (isBlockedKey(event.key)) event.preventDefault();
}

/** A labelled number input with its unit; `e` and signs are refused as they are typed. */
export function DecimalInput({
  label,
  unit,
  value,
  placeholder,
  disabled = false,
  onChange,
  testId,
}: {
  label: string;
  unit: string;
  value: string;
  placeholder: string;
  disabled?: boolean;
  onChange(raw: string): void;
  testId: string;
}) {
  return (
    <label
      className={clsx(
        'flex h-10 items-center gap-2 rounded-md border border-line bg-sunken px-3 transition-colors focus-within:border-brand',
        disabled ? 'opacity-70' : 'hover:border-line-strong',
      )}
    >
      <span className="w-14 shrink-0 text-[0.75rem] text-faint">{label}</span>
      <input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        onKeyDown={blockKeys}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
        className="num h-full min-w-0 flex-1 bg-transparent text-end text-sm text-fg outline-none placeholder:text-faint disabled:cursor-not-allowed"
      />
      <span className="shrink-0 text-[0.75rem] text-muted">{unit}</span>
    </label>
  );
}
