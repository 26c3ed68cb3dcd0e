import { clsx } from 'clsx';
import { useId, type SelectHTMLAttributes } from 'react';
import { ChevronDownIcon } from '../../components/icons';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
  /** The first, empty choice ("choose …"); none when absent. */
  placeholder?: string;
};

/** A native select styled like the text fields (keyboard and screen readers work as the platform does). */
export function SelectField({ label, error, options, placeholder, className, id, ...rest }: SelectFieldProps) {
  const ownId = useId();
  const selectId = id ?? ownId;
  const errorId = `${selectId}-error`;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={selectId} className="text-[0.8125rem] font-medium text-muted">
        {label}
      </label>
      <div
        className={clsx(
          'relative flex h-11 items-center rounded-md border bg-sunken transition-colors focus-within:border-brand',
          error ? 'border-down' : 'border-line hover:border-line-strong',
        )}
      >
        <select
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-full w-full min-w-0 appearance-none bg-transparent ps-3 pe-9 text-[0.9375rem] text-fg outline-none"
          {...rest}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon size={16} className="pointer-events-none absolute end-3 text-faint" />
      </div>
      {error && (
        <p id={errorId} className="text-[0.8125rem] text-down">
          {error}
        </p>
      )}
    </div>
  );
}
