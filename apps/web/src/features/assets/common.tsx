import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apitip } from '../../api';
import { Button } from '../../components/Button';
import { AlertIcon, LockIcon } from '../../components/icons';
import { i18next } from '../../i18n';
import type { Problem } from '../../lib/wallet';
import { GuestNotice } from '../account';

/** The frame of an assets screen, the shared titled card; lists' loading and error states. */
export { TitledCard as AssetsCard, ListState, InlineError } from '../../components/Panel';

/** The text of a form problem: a server message key through apitip, or one of the assets texts. */
export function problemText(problem: Problem | undefined): string | undefined {
  if (problem === undefined) return undefined;
  if (typeof problem === 'string') return apitip(problem);
  return i18next.t(`assets.problem.${problem.local}`);
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

/** A label and a value in a summary strip. */
export function Figure({ label, children, testId, className }: { label: string; children: ReactNode; testId?: string; className?: string }) {
  return (
    <div className={clsx('min-w-0', className)} data-testid={testId}>
      <p className="text-[0.75rem] text-faint">{label}</p>
      <div className="mt-1 text-lg font-semibold text-fg">{children}</div>
    </div>
  );
}
