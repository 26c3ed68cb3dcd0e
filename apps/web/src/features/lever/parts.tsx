import { clsx } from 'clsx';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Num } from '../../components/Num';
import { displayServerTime } from '../../lib/format';
import { isBlockedKey } from '../../lib/trading/order';

/*
 * Small pieces the lever screens share: the number input, the visitor's prompt, the pager of the
 * lists, a label/value row and the direction label.
 */

function blockKeys(event: KeyboardEvent<HTMLInputElement>) {
  if (isBlockedKey(event.key)) event.preventDefault();
}

/** A labelled number input with its unit; `e` and signs are refused as they are typed. */
export function LeverInput({
  label,
  unit,
  value,
  placeholder = '',
  disabled = false,
  onChange,
  testId,
  inputMode = 'decimal',
}: {
  label: string;
  unit?: string;
  value: string;
  placeholder?: string;
  disabled?: boolean;
  onChange(raw: string): void;
  testId: string;
  inputMode?: 'decimal' | 'numeric';
}) {
  return (
    <label
      className={clsx(
        'flex h-10 items-center gap-2 rounded-md border border-line bg-sunken px-3 transition-colors focus-within:border-brand',
        disabled ? 'opacity-70' : 'hover:border-line-strong',
      )}
    >
      <span className="w-16 shrink-0 text-[0.75rem] text-faint">{label}</span>
      <input
        type="text"
        inputMode={inputMode}
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
      {unit && <span className="shrink-0 text-[0.75rem] text-muted">{unit}</span>}
    </label>
  );
}

/** What a visitor sees instead of an action: log in or register to start. */
export function LoginPrompt({ testId, className }: { testId: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId} className={clsx('flex min-h-10 flex-wrap items-center justify-center gap-1.5 rounded-md bg-raised px-3 py-2 text-[0.8125rem] text-muted', className)}>
      <Link to="/components/login" className="font-medium text-brand hover:underline" data-testid={`${testId}-login`}>
        {t('header.login')}
      </Link>
      <span>{t('trade.or')}</span>
      <Link to="/components/register" className="font-medium text-brand hover:underline" data-testid={`${testId}-register`}>
        {t('header.register')}
      </Link>
      <span>{t('trade.toStart')}</span>
    </div>
  );
}

/** Previous / page / next buttons of a list, shown only when the total is above one page. */
export function Pager({ page, total, pageSize, onPage }: { page: number; total: number; pageSize: number; onPage(page: number): void }) {
  const { t } = useTranslation();
  if (total <= pageSize) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const button = 'num inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-[0.8125rem] text-muted hover:bg-raised hover:text-fg disabled:opacity-40 disabled:hover:bg-transparent';
  return (
    <nav aria-label={t('common.pagination')} className="flex items-center justify-center gap-2 border-t border-line/60 py-2" data-testid="lever-pager">
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid="lever-pager-previous">
        {t('common.previous')}
      </button>
      <span className="num text-[0.8125rem] text-fg" data-testid="lever-pager-page">
        {page} / {pages}
      </span>
      <button type="button" className={button} disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid="lever-pager-next">
        {t('common.next')}
      </button>
    </nav>
  );
}

/** A label and its value in a definition list (confirmations, details). */
export function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="text-end text-fg" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

/** Long (type 1) in the up colour, short in the down colour. */
export function DirectionLabel({ type }: { type: number }) {
  const { t } = useTranslation();
  return <span className={type === 1 ? 'text-up' : 'text-down'}>{type === 1 ? t('lever.long') : t('lever.short')}</span>;
}

/** A server time, or a dash when there is none. */
export function TimeText({ value }: { value: string | undefined | null }) {
  return <Num>{value ? displayServerTime(value) : '—'}</Num>;
}
