import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/Button';
import { errorText } from '../auth';
import { C2cScreen } from './common';
import { InlineError, ListState, MoreButton } from './lists';
import { OrderList } from './OrderList';
import { flatRows, useAdOrders, useC2cLive } from './queries';

/** `/c2cTrade?id=`: the orders others opened on one of the user's ads, with confirm receipt behind its dialog. */
export function AdOrdersPage() {
  const { t } = useTranslation();
  useC2cLive();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const adId = Number.isSafeInteger(id) && id > 0 ? id : 0;
  const orders = useAdOrders(adId);
  return (
    <C2cScreen
      title={t('page.c2cTrade')}
      subtitle={adId > 0 ? t('c2c.order.ofAd', { id: adId }) : undefined}
      testId="c2c-ad-orders"
      actions={
        <ButtonLink to="/c2cRelease" size="sm" variant="secondary">
          {t('c2c.nav.myAds')}
        </ButtonLink>
      }
    >
      {adId === 0 ? (
        <ListState busy={false} text={t('c2c.order.noAd')} />
      ) : orders.isError ? (
        <InlineError text={errorText(orders.error)} onRetry={() => void orders.refetch()} />
      ) : (
        <OrderList orders={flatRows(orders.data)} busy={orders.isPending} label={t('page.c2cTrade')} />
      )}
      <MoreButton hasMore={orders.hasNextPage} busy={orders.isFetchingNextPage} onMore={() => void orders.fetchNextPage()} />
    </C2cScreen>
  );
}
