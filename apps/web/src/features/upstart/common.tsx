import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { AlertIcon } from '../../components/icons';
import { Loading } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { errorText } from '../auth';

/** The frame of the subscription screens: a centred column under the header. */
export function UpstartFrame({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div className="mx-auto w-full max-w-[72rem] flex-1 px-3 py-4 sm:px-5 sm:py-8" data-testid={testId}>
      {children}
    </div>
  );
}

/** A titled card. */
export function Card({ title, actions, children, className, testId }: { title?: string; actions?: ReactNode; children: ReactNode; className?: string; testId?: string }) {
  return (
    <section className={`rounded-xl border border-line bg-surface ${className ?? ''}`} data-testid={testId}>
      {(title || actions) && (
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3 sm:px-6">
          {title && <h2 className="text-[0.9375rem] font-semibold text-fg">{title}</h2>}
          {actions}
        </header>
      )}
      <div className="px-4 py-4 sm:px-6 sm:py-5">{children}</div>
    </section>
  );
}

/** A label above a figure. */
export function Stat({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0" data-testid={testId}>
      <dt className="text-[0.75rem] text-faint">{label}</dt>
      <dd className="mt-1 truncate text-[0.9375rem] font-medium text-fg">{children}</dd>
    </div>
  );
}

/** Loading and failure of the project query, shared by the screens. */
export function QueryState({ pending, error, onRetry }: { pending: boolean; error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  if (pending) return <Loading label={t('common.loading')} className="py-20" />;
  return (
    <StatePanel
      tone="danger"
      testId="upstart-error"
      icon={<AlertIcon size={26} />}
      title={t('common.loadFailed')}
      body={errorText(error)}
      actions={
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
