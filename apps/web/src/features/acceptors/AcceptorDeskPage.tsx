import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type AcceptorDeal, type AcceptorDecision } from '../../api';
import { Button, ButtonLink } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { UsersIcon } from '../../components/icons';
import { StatePanel } from '../../components/StatePanel';
import { TabBar } from '../../components/Tabs';
import { showToast } from '../../components/toast-store';
import { acceptorActions } from '../../lib/acceptors';
import { errorText } from '../auth';
import { useMarketFeed } from '../market';
import { AcceptorCard, ListError } from './common';
import { DealList } from './DealList';
import { flatDeals, useDecideDeal, useIncomingDeals } from './queries';

type Filter = 'todo' | 'paid' | 'confirmed' | 'rejected' | 'all';
const FILTER_STATE: Record<Filter, number | undefined> = { todo: 0, paid: 3, confirmed: 1, rejected: 2, all: undefined };

/**
 * `/account/coinRecord`: an acceptor's own deals. Open deposits are confirmed (the coins go from
 * the acceptor's spot account to the user) or rejected; open withdrawals are marked paid once the
 * acceptor has paid the user, or rejected (the user's coins return). Others see that they are not
 * an acceptor.
 */
export function AcceptorDeskPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('todo');
  const deals = useIncomingDeals(FILTER_STATE[filter]);
  // Held open so a notification push refreshes the list at once.
  useMarketFeed();
  const decide = useDecideDeal();
  const [pending, setPending] = useState<{ deal: AcceptorDeal; decision: AcceptorDecision } | null>(null);
  const notAcceptor = deals.error instanceof ApiError && deals.error.kind === 'refusal' && deals.error.key === 'you are not an acceptor';

  function apply() {
    if (!pending) return;
    decide.mutate(
      { decision: pending.decision, id: pending.deal.id },
      {
        onSuccess: () => showToast(t(`acceptors.decided.${pending.decision}`), 'success'),
        onError: (error) => showToast(errorText(error), 'error', 4000),
        onSettled: () => setPending(null),
      },
    );
  }

  if (notAcceptor) {
    return (
      <AcceptorCard title={t('page.coinRecord')} testId="acceptor-desk-page">
        <StatePanel
          testId="not-acceptor"
          icon={<UsersIcon size={26} />}
          title={errorText(deals.error)}
          body={t('acceptors.notAcceptorBody')}
          actions={<ButtonLink to="/account/aceite">{t('page.aceite')}</ButtonLink>}
        />
      </AcceptorCard>
    );
  }

  return (
    <AcceptorCard title={t('page.coinRecord')} subtitle={t('acceptors.deskSubtitle')} testId="acceptor-desk-page">
      <div className="overflow-x-auto border-b border-line px-4 sm:px-6">
        <TabBar<Filter>
          label={t('page.coinRecord')}
          value={filter}
          onChange={setFilter}
          items={(['todo', 'paid', 'confirmed', 'rejected', 'all'] as const).map((value) => ({
            value,
            label: t(`acceptors.desk.${value}`),
            testId: `desk-tab-${value}`,
          }))}
        />
      </div>
      {deals.isError ? (
        <ListError text={errorText(deals.error)} onRetry={() => void deals.refetch()} />
      ) : (
        <DealList
          rows={flatDeals(deals.data)}
          busy={deals.isPending}
          view="acceptor"
          hasMore={deals.hasNextPage}
          loadingMore={deals.isFetchingNextPage}
          onMore={() => void deals.fetchNextPage()}
          actions={(deal) =>
            acceptorActions(deal).map((decision) => (
              <Button
                key={decision}
                size="sm"
                variant={decision === 'reject' ? 'secondary' : 'primary'}
                onClick={() => setPending({ deal, decision })}
                data-testid={`deal-${decision}`}
              >
                {t(`acceptors.action.${decision}`)}
              </Button>
            ))
          }
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(next) => {
          if (!next && !decide.isPending) setPending(null);
        }}
        title={pending ? t(`acceptors.actionTitle.${pending.decision}`) : ''}
        confirmLabel={pending ? t(`acceptors.action.${pending.decision}`) : undefined}
        tone={pending?.decision === 'reject' ? 'down' : 'brand'}
        onConfirm={apply}
        busy={decide.isPending}
        testId="deal-decide-dialog"
      >
        {pending && <p className="text-sm text-muted">{t(`acceptors.actionBody.${pending.decision}`, { amount: pending.deal.money, coin: pending.deal.currency_name, coins: pending.deal.coins })}</p>}
      </ConfirmDialog>
    </AcceptorCard>
  );
}
