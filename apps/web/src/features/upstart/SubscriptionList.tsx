import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionRecord } from '../../api';
import { Button } from '../../components/Button';
import { Num } from '../../components/Num';
import { Loading } from '../../components/Spinner';
import { showToast } from '../../components/toast-store';
import { VirtualList } from '../../components/VirtualList';
import { displayServerTime } from '../../lib/format';
import { fixed } from '../../lib/trading/decimal';
import { PRICE_DECIMALS, TOKEN_DECIMALS, subscriptionState, type SubscriptionState } from '../../lib/upstart';
import { errorText } from '../auth';
import { useUnlock } from './queries';

const ROW_HEIGHT = 52;
const COLUMNS = 'grid grid-cols-[6rem_minmax(8rem,1fr)_7rem_9.5rem_9.5rem_8rem] items-center gap-3 px-4';

const stateTone: Record<SubscriptionState, string> = { locked: 'text-warn', unlockable: 'text-brand', completed: 'text-up' };

interface SubscriptionListProps {
  rows: readonly SubscriptionRecord[];
  busy: boolean;
  /** The list's height: rows beyond it scroll (only the visible ones are drawn). */
  heightClass?: string;
}

/**
 * Subscriptions: token, amount, price, when subscribed and when unlockable, and the state; an
 * unlockable row has its unlock button (the tokens then go to the spot account).
 */
export function SubscriptionList({ rows, busy, heightClass = 'max-h-[32rem]' }: SubscriptionListProps) {
  const { t } = useTranslation();
  const unlock = useUnlock();
  const [unlocking, setUnlocking] = useState<number | null>(null);

  function unlockRow(id: number) {
    setUnlocking(id);
    unlock.mutate(id, {
      onSuccess: () => showToast(t('upstart.unlockDone'), 'success', 3000),
      onError: (error) => showToast(`${t('upstart.unlockFailed')} ${errorText(error)}`, 'error', 4000),
      onSettled: () => setUnlocking(null),
    });
  }

  if (rows.length === 0) {
    return busy ? (
      <Loading label={t('common.loading')} className="py-10" />
    ) : (
      <p className="py-10 text-center text-[0.8125rem] text-muted" data-testid="subscriptions-empty">
        {t('upstart.noRecords')}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <div className="min-w-[52rem] text-[0.8125rem]">
        <div className={clsx(COLUMNS, 'h-9 border-b border-line text-[0.75rem] font-medium text-faint')} role="presentation">
          <span>{t('upstart.col.currency')}</span>
          <span className="text-end">{t('upstart.col.amount')}</span>
          <span className="text-end">{t('upstart.col.price')}</span>
          <span>{t('upstart.col.created')}</span>
          <span>{t('upstart.col.unlockAt')}</span>
          <span className="text-end">{t('upstart.col.status')}</span>
        </div>
        <VirtualList
          items={rows}
          rowHeight={ROW_HEIGHT}
          getKey={(row) => row.id}
          className={heightClass}
          testId="subscription-list"
          label={t('upstart.records')}
          renderRow={(row) => {
            const state = subscriptionState(row.status);
            return (
              <div
                className={clsx(COLUMNS, 'h-full border-b border-line/60')}
                data-testid="subscription-row"
                data-id={row.id}
                data-status={row.status}
                data-amount={row.amount}
              >
                <span className="font-medium text-fg">{row.currency_name}</span>
                <Num className="text-end text-fg">{fixed(row.amount, TOKEN_DECIMALS)}</Num>
                <Num className="text-end text-muted">{fixed(row.price, PRICE_DECIMALS)}</Num>
                <Num className="text-muted">{displayServerTime(row.created_at)}</Num>
                <Num className="text-muted">{displayServerTime(row.endtime_at)}</Num>
                <span className="flex justify-end">
                  {state === 'unlockable' ? (
                    <Button size="sm" busy={unlocking === row.id} disabled={unlocking !== null} onClick={() => unlockRow(row.id)} data-testid="subscription-unlock">
                      {t('upstart.unlock')}
                    </Button>
                  ) : (
                    <span className={clsx('font-medium', stateTone[state])}>{t(`upstart.state.${state}`)}</span>
                  )}
                </span>
              </div>
            );
          }}
        />
      </div>
    </div>
  );
}
