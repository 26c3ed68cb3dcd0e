import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/Button';
import { RECORDS_LIMIT } from '../../lib/upstart';
import { errorText } from '../auth';
import { useMarketFeed } from '../market';
import { Card, UpstartFrame } from './common';
import { MoreControl, RecordsError } from './ListControls';
import { useSubscriptionPages } from './queries';
import { SubscriptionList } from './SubscriptionList';

/** `/uplist`: every subscription of the caller (500 a page) with the unlock action. */
export function SubscriptionListPage() {
  const { t } = useTranslation();
  const list = useSubscriptionPages(RECORDS_LIMIT);
  // Held open so a notification push refreshes the list at once.
  useMarketFeed();
  return (
    <UpstartFrame testId="uplist-page">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-fg">{t('page.uplist')}</h1>
          <p className="mt-1 text-[0.8125rem] text-muted">{t('upstart.recordsSubtitle')}</p>
        </div>
        <div className="flex gap-2">
          <ButtonLink to="/upstart" variant="secondary" size="sm">
            {t('upstart.project')}
          </ButtonLink>
          <ButtonLink to="/sg" size="sm" data-testid="uplist-subscribe">
            {t('upstart.subscribe')}
          </ButtonLink>
        </div>
      </div>
      <Card>
        {list.isError ? (
          <RecordsError text={errorText(list.error)} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <SubscriptionList rows={list.data?.pages.flatMap((page) => page.data) ?? []} busy={list.isPending} heightClass="max-h-[calc(100dvh-16rem)]" />
            <MoreControl shown={!list.isPending && (list.data?.pages[0]?.data.length ?? 0) > 0} hasMore={list.hasNextPage} busy={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
          </>
        )}
      </Card>
    </UpstartFrame>
  );
}
