import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth';
import { LeverPageFrame } from './LeverPageFrame';
import { LeverTradesTable } from './LeverTradesTable';
import { LoginPrompt, Pager } from './parts';
import { LEVER_PAGE, useClosedLeverTrades, useLeverFeed } from './queries';

/** /allTransaction: the caller's closed lever trades of every pair, newest first, with their close time and result. */
export function AllTransactionPage() {
  const { t } = useTranslation();
  useLeverFeed();
  const signedIn = useSession((state) => state.token !== null);
  const [page, setPage] = useState(1);
  const list = useClosedLeverTrades(page);
  return (
    <LeverPageFrame title={t('page.allTransaction')} testId="all-transaction-page">
      <section className="rounded-lg border border-line bg-surface">
        {!signedIn ? (
          <div className="px-4 py-10">
            <LoginPrompt testId="lever-all-login-prompt" className="mx-auto max-w-md" />
          </div>
        ) : (
          <>
            <LeverTradesTable
              trades={list.data?.data ?? []}
              showCloseTime
              showStatus
              pricePrecision={4}
              actions={{}}
              emptyText={list.isPending ? t('common.loading') : t('lever.noTrades')}
              height={600}
              testId="lever-all-trades"
            />
            <Pager page={page} total={list.data?.total ?? 0} pageSize={LEVER_PAGE} onPage={setPage} />
          </>
        )}
      </section>
    </LeverPageFrame>
  );
}
