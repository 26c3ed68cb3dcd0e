import { RECORDS_LIMIT } from '../../lib/upstart';
import { errorText } from '../auth';
import { MoreControl, RecordsError } from './ListControls';
import { useSubscriptionPages } from './queries';
import { SubscriptionList } from './SubscriptionList';

/** The subscription-records tab of the platform token's record panel: the caller's subscriptions with unlock. */
export function SubscriptionsTab() {
  const list = useSubscriptionPages(RECORDS_LIMIT);
  if (list.isError) return <RecordsError text={errorText(list.error)} onRetry={() => void list.refetch()} />;
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <>
      <SubscriptionList rows={rows} busy={list.isPending} heightClass="max-h-[24rem]" />
      <MoreControl shown={rows.length > 0} hasMore={list.hasNextPage} busy={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
    </>
  );
}
