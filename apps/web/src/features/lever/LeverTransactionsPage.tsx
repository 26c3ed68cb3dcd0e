import { useTranslation } from 'react-i18next';
import { useSession } from '../auth';
import { LeverPageFrame } from './LeverPageFrame';
import { LeverTradesPanel } from './LeverTradesPanel';
import { useLeverFeed } from './queries';

/** /leverTransactions: every lever trade of the caller, all pairs, by status tab, live. */
export function LeverTransactionsPage() {
  const { t } = useTranslation();
  useLeverFeed();
  const signedIn = useSession((state) => state.token !== null);
  return (
    <LeverPageFrame title={t('page.leverTransactions')} testId="lever-transactions-page">
      <LeverTradesPanel pair={null} signedIn={signedIn} height={600} />
    </LeverPageFrame>
  );
}
