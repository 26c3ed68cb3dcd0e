import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apitip } from '../../api';
import { Button } from '../../components/Button';
import { AlertIcon, LockIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { i18next } from '../../i18n';
import type { Problem } from '../../lib/wallet';
import { GuestNotice } from '../account';

/** The text of a form problem: a server message key through apitip, or one of the assets texts. */
export function problemText(problem: Problem | undefined): string | undefined {
  if (problem === undefined) return undefined;
  if (typeof problem === 'string') return apitip(problem);
  return i18next.t(`assets.problem.${problem.local}`);
}

/** The frame of an assets screen: a titled card with optional actions in its header. */
export function AssetsCard({
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
    <div className={clsx('rounded-xl border border-line bg-surface', className)} data-testid={testId}>
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-4 sm:px-6">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-fg">{title}</h2>
          {subtitle && <div className="mt-0.5 text-[0.8125rem] text-muted">{subtitle}</div>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </header>
      {children}
    </div>
  );
}

/** The shared demo account sees this instead of the assets actions (the server refuses them too). */
export function AssetsGuestNotice({ className }: { className?: string }) {
  const { t } = useTranslation();
  return <GuestNotice className={className} icon={<LockIcon size={26} />} title={t('assets.guestTitle')} body={t('assets.guestBody')} />;
}

/** Deposits and withdrawals are closed (`is_open_CTbi` ≠ 1). */
export function NotOpenAlert() {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="not-open"
      className="flex items-center gap-2.5 rounded-lg border border-warn/40 bg-warn/10 px-4 py-3 text-[0.8125rem] text-fg"
    >
      <AlertIcon size={18} className="shrink-0 text-warn" />
      {t('assets.notOpen')}
    </div>
  );
}

/** The 'more' control of a record list: loads the next page; gone when there is none. */
export function MoreButton({ hasMore, busy, onMore }: { hasMore: boolean; busy: boolean; onMore(): void }) {
  const { t } = useTranslation();
  if (!hasMore) return null;
  return (
    <div className="flex justify-center border-t border-line/60 py-2">
      <Button variant="ghost" size="sm" busy={busy} onClick={onMore} data-testid="records-more">
        {t('assets.more')}
      </Button>
    </div>
  );
}

/** An empty or loading list. */
export function ListState({ busy, text }: { busy: boolean; text: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-center gap-2 px-4 py-8 text-[0.8125rem] text-faint">
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

/** A label and a value in a summary strip. */
export function Figure({ label, children, testId, className }: { label: string; children: ReactNode; testId?: string; className?: string }) {
  return (
    <div className={clsx('min-w-0', className)} data-testid={testId}>
      <p className="text-[0.75rem] text-faint">{label}</p>
      <div className="mt-1 text-lg font-semibold text-fg">{children}</div>
    </div>
  );
}
