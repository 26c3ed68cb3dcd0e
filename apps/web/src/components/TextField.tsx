import { clsx } from 'clsx';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  /** Content at the end of the input (a show-password button, a unit). */
  end?: ReactNode;
  /** The value is Latin text (an e-mail, a password): typed left to right even in Arabic. */
  ltrValue?: boolean;
};

export function TextField({ label, error, end, ltrValue = false, className, id, ...rest }: TextFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const errorId = `${inputId}-error`;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-[0.8125rem] font-medium text-muted">
        {label}
      </label>
      <div
        className={clsx(
          'flex h-11 items-center rounded-md border bg-sunken transition-colors focus-within:border-brand',
          error ? 'border-down' : 'border-line hover:border-line-strong',
        )}
      >
        <input
          id={inputId}
          className={clsx(
            'h-full min-w-0 flex-1 bg-transparent px-3 text-[0.9375rem] text-fg outline-none placeholder:text-faint',
            ltrValue && 'ltr-value',
          )}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...rest}
        />
        {end && <div className="flex h-full items-center pe-1">{end}</div>}
      </div>
      {error && (
        <p id={errorId} className="text-[0.8125rem] text-down">
          {error}
        </p>
      )}
    </div>
  );
}
