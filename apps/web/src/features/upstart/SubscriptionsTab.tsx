import { RECORDS_LIMIT } from '../../lib/upstart';
import { errorText } from '../auth';
import { RecordsError } from './RecordsError';
import { useSubscriptions } from './queries';
import { SubscriptionList } from './SubscriptionList';

/** The subscription-records tab of the platform token's record panel: the caller's subscriptions with unlock. */
export function SubscriptionsTab() {
  const list = useSubscriptions(1, RECORDS_LIMIT);
  if (list.isError) return <RecordsError text={errorText(list.error)} onRetry={() => void list.refetch()} />;
  return <SubscriptionList rows={list.data?.data ?? []} busy={list.isPending} heightClass="max-h-[24rem]" />;
}
