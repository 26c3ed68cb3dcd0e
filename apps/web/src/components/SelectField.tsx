import type { SelectHTMLAttributes } from 'react';
import { Field } from './Field';
import { ChevronDownIcon } from './icons';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
  /** The first, empty choice ("choose …"); none when absent. */
  placeholder?: string;
};

/** A native select styled like the text fields (keyboard and screen readers work as the platform does). */
export function SelectField({ label, error, options, placeholder, className, id, ...rest }: SelectFieldProps) {
  return (
    // `relative`: the chevron sits over the select's end.
    <Field label={label} error={error} id={id} className={className} boxClassName="relative">
      {(control) => (
        <>
          <select
            {...control}
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
        </>
      )}
    </Field>
  );
}
