import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findPair } from '../../lib/trading/market';
import { useSession } from '../auth';
import { LeverPageFrame, PairSelect, useLeverPair } from './LeverPageFrame';
import { LeverTradesTable } from './LeverTradesTable';
import { LoginPrompt, Pager } from './parts';
import { LEVER_PAGE, useAllLeverTrades, useLeverFeed } from './queries';

/** /allTransaction: every lever trade of the caller on the selected pair, whatever its status, newest first. */
export function AllTransactionPage() {
  const { t } = useTranslation();
  useLeverFeed();
  const signedIn = useSession((state) => state.token !== null);
  const { pair, groups } = useLeverPair();
  const [page, setPage] = useState(1);
  const list = useAllLeverTrades(pair, page);
  const item = pair ? findPair(groups, pair.legal_id, pair.currency_id) : undefined;
  return (
    <LeverPageFrame
      title={t('page.allTransaction')}
      testId="all-transaction-page"
      actions={
        <PairSelect
          pair={pair}
          groups={groups}
        />
      }
    >
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
              pricePrecision={item?.price_precision ?? 4}
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
