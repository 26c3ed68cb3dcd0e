import { clsx } from 'clsx';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from './Field';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  /** Content at the end of the input (a show-password button, a unit). */
  end?: ReactNode;
  /** The value is Latin text (an e-mail, a password): typed left to right even in Arabic. */
  ltrValue?: boolean;
};

export function TextField({ label, error, end, ltrValue = false, className, id, ...rest }: TextFieldProps) {
  return (
    <Field label={label} error={error} id={id} className={className}>
      {(control) => (
        <>
          <input
            {...control}
            className={clsx(
              'h-full min-w-0 flex-1 bg-transparent px-3 text-[0.9375rem] text-fg outline-none placeholder:text-faint',
              ltrValue && 'ltr-value',
            )}
            {...rest}
          />
          {end && <div className="flex h-full items-center pe-1">{end}</div>}
        </>
      )}
    </Field>
  );
}
