import { clsx } from 'clsx';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpotFill, SpotOpenOrder } from '../../api';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Num } from '../../components/Num';
import { Loading } from '../../components/Spinner';
import { TabBar } from '../../components/Tabs';
import { showToast } from '../../components/toast-store';
import { displayServerTime } from '../../lib/format';
import { errorText } from '../auth';
import { flatList, useCancelEntrust, useCompletedEntrusts, useOpenEntrusts, type EntrustTab } from './entrust-queries';

const th = 'px-3 py-2 text-[0.75rem] font-medium text-faint whitespace-nowrap';
const td = 'px-3 py-2.5 whitespace-nowrap';

/**
 * `/account/accountEntrust`: the caller's spot orders of every pair in three tabs (open sell
 * orders, open buy orders, completed fills), 5 at first and 'load more' beyond; open orders can be
 * cancelled after a confirmation.
 */
export function EntrustPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<EntrustTab>('selling');
  return (
    <div className="rounded-xl border border-line bg-surface" data-testid="entrust-page">
      <header className="border-b border-line px-4 pt-4 sm:px-6">
        <h2 className="text-lg font-semibold text-fg">{t('page.accountEntrust')}</h2>
        <p className="mt-0.5 text-[0.8125rem] text-muted">{t('entrust.subtitle')}</p>
        <TabBar<EntrustTab>
          label={t('page.accountEntrust')}
          value={tab}
          onChange={setTab}
          className="mt-3"
          items={[
            { value: 'selling', label: t('entrust.selling'), testId: 'entrust-tab-selling' },
            { value: 'buying', label: t('entrust.buying'), testId: 'entrust-tab-buying' },
            { value: 'completed', label: t('entrust.completed'), testId: 'entrust-tab-completed' },
          ]}
        />
      </header>
      {tab === 'selling' && <OpenTab side="sell" />}
      {tab === 'buying' && <OpenTab side="buy" />}
      {tab === 'completed' && <CompletedTab />}
    </div>
  );
}

function OpenTab({ side }: { side: 'buy' | 'sell' }) {
  const { t } = useTranslation();
  const query = useOpenEntrusts(side, true);
  const cancel = useCancelEntrust();
  const [pending, setPending] = useState<SpotOpenOrder | null>(null);
  const rows = flatList(query.data);

  function confirmCancel() {
    if (!pending) return;
    cancel.mutate(
      { id: pending.id, type: pending.type },
      {
        onSuccess: () => showToast(t('entrust.cancelled'), 'success'),
        onError: (error) => showToast(errorText(error), 'error', 4000),
        onSettled: () => setPending(null),
      },
    );
  }

  return (
    <ListFrame query={query} empty={rows.length === 0}>
      <table className="w-full min-w-[46rem] text-[0.8125rem]" data-testid={`entrust-list-${side}`}>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className={clsx(th, 'text-start')}>{t('entrust.time')}</th>
            <th scope="col" className={clsx(th, 'text-start')}>{t('entrust.pair')}</th>
            <th scope="col" className={clsx(th, 'text-start')}>{t('entrust.mode')}</th>
            <th scope="col" className={clsx(th, 'text-end')}>{t('entrust.price')}</th>
            <th scope="col" className={clsx(th, 'text-end')}>{t('entrust.number')}</th>
            <th scope="col" className={clsx(th, 'text-end')}>{t('entrust.filled')}</th>
            <th scope="col" className={clsx(th, 'text-end')}>{t('entrust.action')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line/60">
          {rows.map((row) => (
            <tr key={row.id} data-testid="entrust-row" data-id={row.id}>
              <td className={clsx(td, 'text-muted')}><Num>{displayServerTime(row.create_time)}</Num></td>
              <td className={clsx(td, 'font-medium text-fg')}>
                <span className={side === 'buy' ? 'text-up' : 'text-down'}>{side === 'buy' ? t('entrust.buy') : t('entrust.sell')}</span>{' '}
                <bdi dir="ltr">{row.currency_name}/{row.legal_name}</bdi>
              </td>
              <td className={clsx(td, 'text-muted')}>{t(`entrust.modes.${row.mode}`)}</td>
              <td className={clsx(td, 'text-end text-fg')}><Num>{row.mode === 'market' ? '—' : row.price}</Num></td>
              <td className={clsx(td, 'text-end text-fg')}><Num>{row.number}</Num></td>
              <td className={clsx(td, 'text-end text-muted')}><Num>{row.filled}</Num></td>
              <td className={clsx(td, 'text-end')}>
                <Button size="sm" variant="ghost" onClick={() => setPending(row)} data-testid="entrust-cancel">
                  {t('entrust.cancel')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !cancel.isPending) setPending(null);
        }}
        title={t('entrust.cancelTitle')}
        confirmLabel={t('entrust.cancel')}
        tone="down"
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        testId="entrust-cancel-dialog"
      >
        <p className="text-sm text-muted">{t('entrust.cancelBody')}</p>
      </ConfirmDialog>
    </ListFrame>
  );
}

function CompletedTab() {
  const { t } = useTranslation();
  const query = useCompletedEntrusts(true);
  const rows: SpotFill[] = flatList(query.data);
  return (
    <ListFrame query={query} empty={rows.length === 0}>
      <table className="w-full min-w-[44rem] text-[0.8125rem]" data-testid="entrust-list-completed">
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className={clsx(th, 'text-start')}>{t('entrust.time')}</th>
            <th scope="col" className={clsx(th, 'text-start')}>{t('entrust.pair')}</th>
            <th scope="col" className={clsx(th, 'text-end')}>{t('entrust.price')}</th>
            <th scope="col" className={clsx(th, 'text-end')}>{t('entrust.number')}</th>
            <th scope="col" className={clsx(th, 'text-end')}>{t('entrust.fee')}</th>
            <th scope="col" className={clsx(th, 'text-end')}>{t('entrust.role')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line/60">
          {rows.map((row) => {
            const bought = row.type === 'in';
            return (
              <tr key={row.id} data-testid="entrust-row" data-id={row.id}>
                <td className={clsx(td, 'text-muted')}><Num>{displayServerTime(row.time)}</Num></td>
                <td className={clsx(td, 'font-medium text-fg')}>
                  <span className={bought ? 'text-up' : 'text-down'}>{bought ? t('entrust.buy') : t('entrust.sell')}</span>{' '}
                  <bdi dir="ltr">{row.currency_name}/{row.legal_name}</bdi>
                </td>
                <td className={clsx(td, 'text-end text-fg')}><Num>{row.price}</Num></td>
                <td className={clsx(td, 'text-end text-fg')}><Num>{row.number}</Num></td>
                <td className={clsx(td, 'text-end text-muted')}>
                  <Num>{bought ? `${row.in_fee} ${row.currency_name}` : `${row.out_fee} ${row.legal_name}`}</Num>
                </td>
                <td className={clsx(td, 'text-end text-muted')}>{t(`entrust.roles.${row.role}`)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ListFrame>
  );
}

/** What the frame reads of a paged (infinite) query. */
interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch(): unknown;
  fetchNextPage(): unknown;
}

/** Loading, failure and empty states around a paged query's list, and its 'load more' control. */
function ListFrame({ query, empty, children }: { query: PagedQuery; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-center gap-3 py-10 text-[0.8125rem] text-down">
        {errorText(query.error)}
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>{t('common.retry')}</Button>
      </div>
    );
  }
  if (query.isPending) return <Loading label={t('common.loading')} className="py-12" />;
  if (empty) return <p className="py-12 text-center text-[0.8125rem] text-muted" data-testid="entrust-empty">{t('entrust.empty')}</p>;
  return (
    <>
      <div className="overflow-x-auto">{children}</div>
      <div className="flex justify-center border-t border-line/60 py-2">
        {query.hasNextPage ? (
          <Button variant="ghost" size="sm" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} data-testid="entrust-more">
            {t('entrust.loadMore')}
          </Button>
        ) : (
          <span className="py-1.5 text-[0.75rem] text-faint">{t('entrust.noMore')}</span>
        )}
      </div>
    </>
  );
}
