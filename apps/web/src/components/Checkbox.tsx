import { clsx } from 'clsx';
import type { InputHTMLAttributes, ReactNode } from 'react';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  invalid?: boolean;
};

/** A native checkbox in the brand colour with its label beside it (the label may hold links). */
export function Checkbox({ label, invalid = false, className, id, ...rest }: CheckboxProps) {
  return (
    <div className={clsx('flex items-start gap-2.5', className)}>
      <input
        id={id}
        type="checkbox"
        aria-invalid={invalid || undefined}
        className={clsx(
          'mt-0.5 size-4 shrink-0 cursor-pointer rounded accent-[var(--brand)]',
          invalid && 'outline-2 outline-offset-1 outline-down',
        )}
        {...rest}
      />
      <label htmlFor={id} className="text-[0.8125rem] leading-snug text-muted">
        {label}
      </label>
    </div>
  );
}
