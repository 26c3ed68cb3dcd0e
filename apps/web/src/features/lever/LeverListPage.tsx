import { useTranslation } from 'react-i18next';
import { findPair } from '../../lib/trading/market';
import { useSession } from '../auth';
import { LeverOpenOrders } from './LeverOpenOrders';
import { LeverPageFrame, PairSelect, useLeverPair } from './LeverPageFrame';
import { useLeverDeal, useLeverFeed } from './queries';

/** /leverList: the selected pair's open lever orders, each revocable. */
export function LeverListPage() {
  const { t } = useTranslation();
  useLeverFeed();
  const signedIn = useSession((state) => state.token !== null);
  const { pair, groups } = useLeverPair();
  const deal = useLeverDeal(pair);
  const item = pair ? findPair(groups, pair.legal_id, pair.currency_id) : undefined;
  return (
    <LeverPageFrame title={t('page.leverList')} testId="lever-list-page" actions={<PairSelect pair={pair} groups={groups} />}>
      {pair && (
        <LeverOpenOrders
          deal={deal.data}
          signedIn={signedIn}
          pricePrecision={item?.price_precision ?? 4}
          height={600}
        />
      )}
    </LeverPageFrame>
  );
}
