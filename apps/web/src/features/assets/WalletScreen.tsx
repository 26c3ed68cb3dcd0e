import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalletList } from '../../api';
import { Button } from '../../components/Button';
import { AlertIcon } from '../../components/icons';
import { Loading } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { errorText } from '../auth';
import { useWalletLive, useWallets } from './queries';

/**
 * The data frame of a screen built on `wallet/list`: keeps the realtime feed open (balances
 * refetch on `update_balance`), shows loading and failure (with the server's message),
 * and renders the screen with the wallets.
 */
export function WalletScreen({ children }: { children(wallets: WalletList): ReactNode }) {
  const { t } = useTranslation();
  useWalletLive();
  const wallets = useWallets();
  if (wallets.isPending) return <Loading label={t('common.loading')} />;
  if (wallets.isError) {
    return (
      <StatePanel
        tone="danger"
        testId="wallets-failed"
        icon={<AlertIcon size={26} />}
        title={t('common.loadFailed')}
        body={errorText(wallets.error)}
        actions={
          <Button variant="secondary" onClick={() => void wallets.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return <>{children(wallets.data)}</>;
}
