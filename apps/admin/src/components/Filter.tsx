import { useEffect, useRef, useState } from 'react';

/** A filter box: applied on Enter or after a pause in typing; `/` anywhere focuses the first one; it shows a value set from outside. */
export function SearchBox({ label, value, onChange, placeholder }: { label: string; value: string; onChange: (value: string) => void; placeholder?: string }) {
  const [text, setText] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  // a value set from outside (a row's "Deals" button) shows in the box
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    const timer = setTimeout(() => text !== value && onChange(text), 400);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const tag = (event.target as HTMLElement).tagName;
      if (event.key === '/' && tag !== 'INPUT' && tag !== 'TEXTAREA') {
        event.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <input
      ref={input}
      aria-label={label}
      className="bo-input w-72"
      value={text}
      placeholder={placeholder ?? label}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => event.key === 'Enter' && onChange(text)}
    />
  );
}

export function SelectFilter({ label, value, options, onChange }: { label: string; value: string; options: { value: string; label: string }[]; onChange: (value: string) => void }) {
  return (
    <select aria-label={label} className="bo-input" value={value} onChange={(event) => onChange(event.target.value)}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
