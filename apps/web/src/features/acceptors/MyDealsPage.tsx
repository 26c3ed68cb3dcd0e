import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AcceptorDeal } from '../../api';
import { Button, ButtonLink } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TabBar } from '../../components/Tabs';
import { showToast } from '../../components/toast-store';
import { userCanConfirm, userCanObject } from '../../lib/acceptors';
import { errorText } from '../auth';
import { useMarketFeed } from '../market';
import { AcceptorCard, ListError } from './common';
import { DealList } from './DealList';
import { flatDeals, useConfirmReceived, useMyDeals, useObjectDeal } from './queries';

type Filter = 'all' | 'buy' | 'sell';

/**
 * `/account/chargeRecord`: the caller's deals with acceptors, all or deposits or withdrawals; a
 * withdrawal the acceptor has paid waits for the caller's confirmation (or confirms itself 20
 * minutes later); within those minutes the caller may object that they were not paid, and the deal
 * then waits for customer service.
 */
export function MyDealsPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const deals = useMyDeals(filter === 'all' ? undefined : filter);
  // Held open so a notification push refreshes the list at once.
  useMarketFeed();
  const receive = useConfirmReceived();
  const [confirming, setConfirming] = useState<AcceptorDeal | null>(null);
  const objection = useObjectDeal();
  const [objecting, setObjecting] = useState<AcceptorDeal | null>(null);

  function confirm() {
    if (!confirming) return;
    receive.mutate(confirming.id, {
      onSuccess: () => showToast(t('acceptors.receivedDone'), 'success'),
      onError: (error) => showToast(errorText(error), 'error', 4000),
      onSettled: () => setConfirming(null),
    });
  }

  function object() {
    if (!objecting) return;
    objection.mutate(objecting.id, {
      onSuccess: () => showToast(t('acceptors.objectDone'), 'success'),
      onError: (error) => showToast(errorText(error), 'error', 4000),
      onSettled: () => setObjecting(null),
    });
  }

  return (
    <AcceptorCard
      title={t('page.chargeRecord')}
      subtitle={t('acceptors.myDealsSubtitle')}
      testId="my-deals-page"
      actions={
        <ButtonLink to="/account/aceite" size="sm" data-testid="my-deals-new">
          {t('acceptors.newDeal')}
        </ButtonLink>
      }
    >
      <div className="border-b border-line px-4 sm:px-6">
        <TabBar<Filter>
          label={t('page.chargeRecord')}
          value={filter}
          onChange={setFilter}
          items={[
            { value: 'all', label: t('acceptors.filter.all'), testId: 'my-deals-all' },
            { value: 'buy', label: t('acceptors.filter.buy'), testId: 'my-deals-buy' },
            { value: 'sell', label: t('acceptors.filter.sell'), testId: 'my-deals-sell' },
          ]}
        />
      </div>
      {deals.isError ? (
        <ListError text={errorText(deals.error)} onRetry={() => void deals.refetch()} />
      ) : (
        <DealList
          rows={flatDeals(deals.data)}
          busy={deals.isPending}
          view="user"
          hasMore={deals.hasNextPage}
          loadingMore={deals.isFetchingNextPage}
          onMore={() => void deals.fetchNextPage()}
          actions={(deal) => (
            <>
              {userCanConfirm(deal) && (
                <Button size="sm" onClick={() => setConfirming(deal)} data-testid="deal-received">
                  {t('acceptors.confirmReceived')}
                </Button>
              )}
              {userCanObject(deal) && (
                <Button size="sm" variant="secondary" onClick={() => setObjecting(deal)} data-testid="deal-object">
                  {t('acceptors.object')}
                </Button>
              )}
            </>
          )}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(next) => {
          if (!next && !receive.isPending) setConfirming(null);
        }}
        title={t('acceptors.confirmReceivedTitle')}
        onConfirm={confirm}
        busy={receive.isPending}
        testId="deal-received-dialog"
      >
        <p className="text-sm text-muted">{t('acceptors.confirmReceivedBody')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={objecting !== null}
        onOpenChange={(next) => {
          if (!next && !objection.isPending) setObjecting(null);
        }}
        title={t('acceptors.objectTitle')}
        confirmLabel={t('acceptors.object')}
        tone="down"
        onConfirm={object}
        busy={objection.isPending}
        testId="deal-object-dialog"
      >
        <p className="text-sm text-muted">{t('acceptors.objectBody')}</p>
      </ConfirmDialog>
    </AcceptorCard>
  );
}
