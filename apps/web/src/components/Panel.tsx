import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { AlertIcon } from './icons';
import { Spinner } from './Spinner';

/** A screen's frame: a titled card with an optional line under the title and actions in its header. */
export function TitledCard({
  title,
  subtitle,
  actions,
  testId,
  children,
  className,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  testId?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={clsx('rounded-xl border border-line bg-surface', className)} data-testid={testId}>
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-4 sm:px-6">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-fg">{title}</h2>
          {subtitle && <div className="mt-0.5 text-[0.8125rem] text-muted">{subtitle}</div>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

/** An empty or loading list inside a panel: a spinner while busy, else the text. */
export function ListState({ busy, text, testId }: { busy: boolean; text: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-center gap-2 px-4 py-8 text-[0.8125rem] text-faint" data-testid={testId}>
      {busy ? (
        <>
          <Spinner size={16} />
          {t('common.loading')}
        </>
      ) : (
        text
      )}
    </div>
  );
}

/** A failed load inside a panel, with a retry. */
export function InlineError({ text, onRetry }: { text: string; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center justify-center gap-3 px-4 py-6 text-[0.8125rem] text-down">
      <AlertIcon size={16} />
      {text}
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
