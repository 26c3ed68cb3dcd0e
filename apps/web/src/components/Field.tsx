import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';

/** What the control inside a field needs to be tied to its label and its error line. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  error?: string | undefined;
  /** The control's id; a generated one when absent. */
  id?: string | undefined;
  className?: string | undefined;
  /** Extra classes for the bordered box around the control. */
  boxClassName?: string;
  /** The control (an input, a select), given the attributes that link it to the label and error. */
  children(control: FieldControlProps): ReactNode;
}

/**
 * The frame every form field shares: the label above, the bordered box (red while there is an
 * error), and the error line below, which the control points to through `aria-describedby`.
 */
export function Field({ label, error, id, className, boxClassName, children }: FieldProps) {
  const ownId = useId();
  const controlId = id ?? ownId;
  const errorId = `${controlId}-error`;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-[0.8125rem] font-medium text-muted">
        {label}
      </label>
      <div
        className={clsx(
          'flex h-11 items-center rounded-md border bg-sunken transition-colors focus-within:border-brand',
          error ? 'border-down' : 'border-line hover:border-line-strong',
          boxClassName,
        )}
      >
        {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      </div>
      {error && (
        <p id={errorId} className="text-[0.8125rem] text-down">
          {error}
        </p>
      )}
    </div>
  );
}
