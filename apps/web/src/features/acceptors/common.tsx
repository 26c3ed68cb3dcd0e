import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Acceptor, AcceptorWay } from '../../api';
import { Button } from '../../components/Button';
import { CopyIcon } from '../../components/icons';
import { Num } from '../../components/Num';
import { showToast } from '../../components/toast-store';
import { dealState, type DealState } from '../../lib/acceptors';

/** The frame of an acceptor screen: a titled card with optional actions in its header. */
export function AcceptorCard({ title, subtitle, actions, testId, children }: { title: string; subtitle?: ReactNode; actions?: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-line bg-surface" data-testid={testId}>
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

/** The acceptor's account of one payment method: name and number (bank: bank, card, branch). */
export function wayAccount(acceptor: Acceptor, way: AcceptorWay): { holder: string; account: string; extra?: string } {
  if (way === 'we_chat') return { holder: acceptor.wechat_nickname, account: acceptor.wechat_account };
  if (way === 'ali_pay') return { holder: acceptor.ali_nickname, account: acceptor.ali_account };
  return { holder: acceptor.bank_name, account: acceptor.bank_account, extra: acceptor.bank_address };
}

/** A payment method's name, in the reader's language. */
export function WayName({ way }: { way: AcceptorWay }) {
  const { t } = useTranslation();
  return <>{t(`acceptors.way.${way}`)}</>;
}

const wayTone: Record<AcceptorWay, string> = { we_chat: 'bg-up/15 text-up', ali_pay: 'bg-brand-soft text-brand', bank: 'bg-warn/15 text-warn' };

/** A small chip naming a payment method. */
export function WayChip({ way }: { way: AcceptorWay }) {
  return (
    <span className={clsx('inline-flex rounded px-1.5 py-0.5 text-[0.6875rem] font-medium', wayTone[way])} data-way={way}>
      <WayName way={way} />
    </span>
  );
}

const stateTone: Record<DealState, string> = { open: 'text-warn', paid: 'text-brand', confirmed: 'text-up', rejected: 'text-down' };

/** A deal's state, coloured; a deposit and a withdrawal name their open state differently. */
export function DealStateLabel({ isSure, type, disputed = false }: { isSure: number; type: 'buy' | 'sell'; disputed?: boolean }) {
  const { t } = useTranslation();
  const state = dealState(isSure);
  if (disputed && state === 'paid') {
    return (
      <span className="font-medium text-warn" data-testid="deal-state" data-state="disputed">
        {t('acceptors.state.disputed')}
      </span>
    );
  }
  const key = state === 'open' ? (type === 'buy' ? 'openBuy' : 'openSell') : state;
  return (
    <span className={clsx('font-medium', stateTone[state])} data-testid="deal-state" data-state={state}>
      {t(`acceptors.state.${key}`)}
    </span>
  );
}

/** A number with a copy button (an account to pay to). */
export function CopyValue({ value, testId }: { value: string; testId?: string }) {
  const { t } = useTranslation();
  if (!value) return <span className="text-faint">—</span>;
  return (
    <span className="inline-flex items-center gap-1.5">
      <Num className="text-fg" testId={testId}>{value}</Num>
      <button
        type="button"
        aria-label={t('acceptors.copy')}
        className="rounded p-0.5 text-muted hover:bg-raised hover:text-fg"
        onClick={() => {
          navigator.clipboard.writeText(value).then(
            () => showToast(t('acceptors.copied'), 'success', 1500),
            () => showToast(t('acceptors.copyFailed'), 'error', 2000),
          );
        }}
      >
        <CopyIcon size={14} />
      </button>
    </span>
  );
}

/** A failed list: the reason and a retry. */
export function ListError({ text, onRetry }: { text: string; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center justify-center gap-3 py-10 text-[0.8125rem] text-down">
      {text}
      <Button size="sm" variant="secondary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** A label and its value on one line (the deal form's summaries). */
export function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd className="text-end text-fg">{children}</dd>
    </div>
  );
}
