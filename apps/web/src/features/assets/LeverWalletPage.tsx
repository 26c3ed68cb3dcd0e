import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WalletList } from '../../api';
import { Button } from '../../components/Button';
import { Num } from '../../components/Num';
import { cnyValue, walletRows } from '../../lib/wallet';
import { useIsGuest } from '../account';
import { AssetsCard, Figure } from './common';
import { useUsdtCnyRate } from './queries';
import { RecordPanel } from './RecordPanel';
import { useRowPanel } from './useRowPanel';
import { WalletList as AssetList } from './WalletList';
import { PanelToggle, TransferActions, useTransferDialog } from './WalletPageParts';
import { WalletScreen } from './WalletScreen';

/**
 * `/new_account/finance`: the contract (lever) account: net assets in CNY (from
 * the USDT valuation at the board's CNY rate), currencies with available and frozen balance,
 * transfer in, transfer out and records.
 */
export function LeverWalletPage() {
  return <WalletScreen>{(wallets) => <LeverWallet wallets={wallets} />}</WalletScreen>;
}

function LeverWallet({ wallets }: { wallets: WalletList }) {
  const { t } = useTranslation();
  const guest = useIsGuest();
  const rate = useUsdtCnyRate();
  const panels = useRowPanel<'record'>();
  const transfer = useTransferDialog(wallets, guest);
  const rows = walletRows(wallets.lever_wallet.balance, 'lever');
  const usdt = wallets.lever_wallet.usdt_totle;
  const cny = cnyValue(usdt, rate);

  return (
    <AssetsCard
      title={t('page.finance')}
      testId="lever-wallet"
      actions={
        <>
          <Link to="/lever_manger" className="text-[0.8125rem] font-medium text-brand hover:underline" data-testid="lever-manager-link">
            {t('page.lever_manger')}
          </Link>
          {!guest && (
            <Button size="sm" onClick={() => transfer.open({ from: 'change', to: 'lever' })} data-testid="transfer-open">
              {t('assets.transfer')}
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-wrap gap-x-10 gap-y-4 border-b border-line px-4 py-5 sm:px-6" data-testid="lever-net-assets" data-usdt={usdt}>
        <Figure label={t('assets.netAssetsCny')}>
          <Num>{cny === null ? '--' : `≈ ${cny}`}</Num> <span className="text-sm font-normal text-muted">CNY</span>
        </Figure>
        <Figure label={t('assets.netAssetsUsdt')}>
          <Num>{usdt}</Num> <span className="text-sm font-normal text-muted">USDT</span>
        </Figure>
      </div>
      <AssetList
        label={t('page.finance')}
        rows={rows}
        actions={(row) => (
          <>
            {!guest && <TransferActions wallet="lever" currency={row.currency} onTransfer={transfer.open} />}
            <PanelToggle panels={panels} currency={row.currency} panel="record" />
          </>
        )}
        panel={(row) =>
          panels.isOpen(row.currency, 'record') ? (
            <RecordPanel wallet="lever" currency={{ id: row.currency, name: row.name }} systembi={wallets.systembi} />
          ) : null
        }
      />
      {transfer.dialog}
    </AssetsCard>
  );
}
