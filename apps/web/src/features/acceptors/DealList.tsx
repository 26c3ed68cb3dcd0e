import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AcceptorDeal } from '../../api';
import { Button } from '../../components/Button';
import { Num } from '../../components/Num';
import { Loading } from '../../components/Spinner';
import { displayServerTime } from '../../lib/format';
import { DealStateLabel, WayChip } from './common';

interface DealListProps {
  rows: readonly AcceptorDeal[];
  busy: boolean;
  /** `user`: the caller's own deals (the acceptor's name shown); `acceptor`: deals to handle (the user's details shown). */
  view: 'user' | 'acceptor';
  /** The buttons of one deal (may be none). */
  actions(deal: AcceptorDeal): ReactNode;
  hasMore: boolean;
  loadingMore: boolean;
  onMore(): void;
}

/** Acceptor deals as cards: direction, amounts, the counterpart's payment details, state, time and actions. */
export function DealList({ rows, busy, view, actions, hasMore, loadingMore, onMore }: DealListProps) {
  const { t } = useTranslation();
  if (rows.length === 0) {
    return busy ? (
      <Loading label={t('common.loading')} className="py-12" />
    ) : (
      <p className="py-12 text-center text-[0.8125rem] text-muted" data-testid="deals-empty">
        {t('acceptors.noDeals')}
      </p>
    );
  }
  return (
    <>
      <ul className="divide-y divide-line/70" data-testid="deal-list">
        {rows.map((deal) => (
          <li key={deal.id} className="grid gap-3 px-4 py-4 sm:px-6 md:grid-cols-[minmax(0,1fr)_auto] md:items-center" data-testid="deal-row" data-id={deal.id} data-type={deal.type} data-state={deal.is_sure} data-disputed={deal.disputed === true ? 'true' : undefined}>
            <div className="grid gap-1.5 text-[0.8125rem]">
              <div className="flex flex-wrap items-center gap-2">
                <span className={clsx('font-semibold', deal.type === 'buy' ? 'text-up' : 'text-down')}>
                  {deal.type === 'buy' ? t('acceptors.deposit') : t('acceptors.withdraw')}
                </span>
                <span className="font-medium text-fg">
                  <Num>{deal.money}</Num> {deal.currency_name}
                </span>
                <WayChip way={deal.way} />
                <DealStateLabel isSure={deal.is_sure} type={deal.type} disputed={deal.disputed === true} />
                <span className="text-faint">#<Num>{deal.id}</Num></span>
              </div>
              <div className="flex flex-wrap gap-x-5 gap-y-1 text-muted">
                {view === 'user' ? (
                  <span>
                    {t('acceptors.acceptor')}: <span className="text-fg">{deal.acceptor_name}</span>
                    {deal.hes_account && (
                      <>
                        {' · '}
                        <Num>{deal.hes_account}</Num>
                      </>
                    )}
                  </span>
                ) : (
                  <span>
                    {t('acceptors.user')}: <Num className="text-fg">{deal.user_account}</Num> · {t('acceptors.mobile')} <Num>{deal.mobile}</Num>
                  </span>
                )}
                <span>
                  {t('acceptors.dealAccount')}: <Num className="text-fg">{deal.deal_account}</Num>
                </span>
                <span>
                  {t('acceptors.fee')}: <Num>{deal.fee}</Num> · {deal.type === 'buy' ? t('acceptors.credited') : t('acceptors.settled')}: <Num className="text-fg">{deal.coins}</Num>
                </span>
              </div>
              <div className="flex flex-wrap gap-x-5 text-[0.75rem] text-faint">
                <span>
                  {t('acceptors.created')} <Num>{displayServerTime(deal.create_time)}</Num>
                </span>
                {deal.update_time && deal.update_time !== deal.create_time && (
                  <span>
                    {t('acceptors.updated')} <Num>{displayServerTime(deal.update_time)}</Num>
                  </span>
                )}
                {view === 'user' && (deal.ruling === 'release' || deal.ruling === 'return') && (
                  <span className="text-muted" data-testid="deal-ruling" data-ruling={deal.ruling}>
                    {t(`acceptors.ruling.${deal.ruling}`)}
                  </span>
                )}
                {deal.auto_confirm_time && deal.is_sure === 3 && (
                  <span className="text-warn" data-testid="deal-auto-confirm">
                    {t('acceptors.autoConfirmAt')} <Num>{displayServerTime(deal.auto_confirm_time)}</Num>
                  </span>
                )}
              </div>
            </div>
            <div className="flex flex-wrap gap-2 md:justify-end">{actions(deal)}</div>
          </li>
        ))}
      </ul>
      <div className="flex justify-center border-t border-line/60 py-2">
        {hasMore ? (
          <Button variant="ghost" size="sm" busy={loadingMore} onClick={onMore} data-testid="deals-more">
            {t('entrust.loadMore')}
          </Button>
        ) : (
          <span className="py-1.5 text-[0.75rem] text-faint">{t('entrust.noMore')}</span>
        )}
      </div>
    </>
  );
}
