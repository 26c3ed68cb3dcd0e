import { useTranslation } from 'react-i18next';
import { errorText } from '../auth';
import { C2cScreen } from './common';
import { InlineError, MoreButton } from './lists';
import { OrderList } from './OrderList';
import { flatRows, useC2cLive, useMyOrders } from './queries';

/** `/c2cOrder`: the orders the user took from others' ads, newest first, with their actions and details. */
export function MyOrdersPage() {
  const { t } = useTranslation();
  useC2cLive();
  const orders = useMyOrders();
  return (
    <C2cScreen title={t('page.c2cOrder')} subtitle={t('c2c.order.mineSubtitle')} testId="c2c-my-orders">
      {orders.isError ? (
        <InlineError text={errorText(orders.error)} onRetry={() => void orders.refetch()} />
      ) : (
        <OrderList orders={flatRows(orders.data)} busy={orders.isPending} label={t('page.c2cOrder')} />
      )}
      <MoreButton hasMore={orders.hasNextPage} busy={orders.isFetchingNextPage} onMore={() => void orders.fetchNextPage()} />
    </C2cScreen>
  );
}
