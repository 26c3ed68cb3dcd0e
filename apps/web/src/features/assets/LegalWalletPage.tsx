import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalletList } from '../../api';
import { Num } from '../../components/Num';
import { walletRows } from '../../lib/wallet';
import { useIsGuest } from '../account/common';
import { AssetsCard } from './common';
import { RecordPanel } from './RecordPanel';
import { TransferDialog } from './TransferDialog';
import type { TransferDefaults } from './TransferForm';
import { useRowPanel } from './useRowPanel';
import { RowAction, WalletList as AssetList } from './WalletList';
import { WalletScreen } from './WalletScreen';

/**
 * `/new_account/legal`: the fiat (legal) account, rows with `is_legal = 1`: currency, available,
 * frozen, converted to USD; transfer in, transfer out and an expandable record panel (spec 3 item 5).
 */
export function LegalWalletPage() {
  return <WalletScreen>{(wallets) => <LegalWallet wallets={wallets} />}</WalletScreen>;
}

function LegalWallet({ wallets }: { wallets: WalletList }) {
  const { t } = useTranslation();
  const guest = useIsGuest();
  const panels = useRowPanel<'record'>();
  const [transfer, setTransfer] = useState<TransferDefaults | null>(null);
  const rows = walletRows(wallets.legal_wallet.balance, 'legal');
  return (
    <AssetsCard
      title={t('page.legal')}
      testId="legal-wallet"
      subtitle={
        <>
          {t('assets.valuation')} <Num className="font-medium text-fg">≈ {wallets.legal_wallet.usdt_totle}</Num> USDT ·{' '}
          <Num className="font-medium text-fg">≈ {wallets.legal_wallet.totle}</Num> CNY
        </>
      }
    >
      <AssetList
        label={t('page.legal')}
        rows={rows}
        converted
        actions={(row) => (
          <>
            {!guest && (
              <>
                <RowAction testId="transfer-in" onClick={() => setTransfer({ currency: row.currency, from: 'change', to: 'legal' })}>
                  {t('assets.transferIn')}
                </RowAction>
                <RowAction testId="transfer-out" onClick={() => setTransfer({ currency: row.currency, from: 'legal', to: 'change' })}>
                  {t('assets.transferOut')}
                </RowAction>
              </>
            )}
            <RowAction testId="record-toggle" active={panels.isOpen(row.currency, 'record')} onClick={() => panels.toggle(row.currency, 'record')}>
              {t('assets.record')}
            </RowAction>
          </>
        )}
        panel={(row) =>
          panels.isOpen(row.currency, 'record') ? (
            <RecordPanel
              wallet="legal"
              currency={{ id: row.currency, name: row.name }}
              systembi={wallets.systembi}
              detailPath={`/new_account/legalAccount?currency_id=${row.currency}`}
            />
          ) : null
        }
      />
      {!guest && <TransferDialog defaults={transfer} wallets={wallets} onClose={() => setTransfer(null)} />}
    </AssetsCard>
  );
}
