import { useTranslation } from 'react-i18next';
import type { WalletList } from '../../api';
import { walletRows } from '../../lib/wallet';
import { useIsGuest } from '../account';
import { AssetsCard } from './common';
import { RecordPanel } from './RecordPanel';
import { useRowPanel } from './useRowPanel';
import { WalletList as AssetList } from './WalletList';
import { PanelToggle, TransferActions, useTransferDialog, Valuation } from './WalletPageParts';
import { WalletScreen } from './WalletScreen';

/**
 * `/new_account/legal`: the fiat (legal) account, rows with `is_legal = 1`: currency, available,
 * frozen, converted to USD; transfer in, transfer out and an expandable record panel.
 */
export function LegalWalletPage() {
  return <WalletScreen>{(wallets) => <LegalWallet wallets={wallets} />}</WalletScreen>;
}

function LegalWallet({ wallets }: { wallets: WalletList }) {
  const { t } = useTranslation();
  const guest = useIsGuest();
  const panels = useRowPanel<'record'>();
  const transfer = useTransferDialog(wallets, guest);
  const rows = walletRows(wallets.legal_wallet.balance, 'legal');
  return (
    <AssetsCard
      title={t('page.legal')}
      testId="legal-wallet"
      subtitle={<Valuation usdt={wallets.legal_wallet.usdt_totle} cny={wallets.legal_wallet.totle} />}
    >
      <AssetList
        label={t('page.legal')}
        rows={rows}
        converted
        actions={(row) => (
          <>
            {!guest && <TransferActions wallet="legal" currency={row.currency} onTransfer={transfer.open} />}
            <PanelToggle panels={panels} currency={row.currency} panel="record" />
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
      {transfer.dialog}
    </AssetsCard>
  );
}
