import { useTranslation } from 'react-i18next';
import type { WalletList } from '../../api';
import { canDeposit, canWithdraw, walletRows } from '../../lib/wallet';
import { useIsGuest } from '../account';
import { AssetsCard } from './common';
import { useWalletCurrencies } from './queries';
import { RecordPanel } from './RecordPanel';
import { useRowPanel } from './useRowPanel';
import { WalletList as AssetList } from './WalletList';
import { MoneyPanel, PanelToggle, TransferActions, useTransferDialog, Valuation } from './WalletPageParts';
import { WalletScreen } from './WalletScreen';

type Panel = 'deposit' | 'withdraw' | 'record';

/**
 * `/new_account/micro`: the short-term contract (micro) account, rows with `is_legal = 1` and
 * `is_micro = 1`: transfer in/out, deposit, withdraw (fee = amount × rate %), records.
 * Older clients have no route for this list; `micro` follows the wallet's wire name.
 */
export function MicroWalletPage() {
  return <WalletScreen>{(wallets) => <MicroWallet wallets={wallets} />}</WalletScreen>;
}

function MicroWallet({ wallets }: { wallets: WalletList }) {
  const { t } = useTranslation();
  const guest = useIsGuest();
  const currencies = useWalletCurrencies();
  const panels = useRowPanel<Panel>();
  const transfer = useTransferDialog(wallets, guest);
  const rows = walletRows(wallets.micro_wallet.balance, 'micro');
  const open = wallets.is_open_CTbi === 1;
  const flags = currencies.data;

  return (
    <AssetsCard title={t('page.micro')} testId="micro-wallet" subtitle={<Valuation usdt={wallets.micro_wallet.usdt_totle} />}>
      <AssetList
        label={t('page.micro')}
        rows={rows}
        actions={(row) => {
          const currency = { id: row.currency, name: row.name };
          return (
            <>
              {!guest && (
                <>
                  <TransferActions wallet="micro" currency={row.currency} onTransfer={transfer.open} />
                  {canDeposit(currency, flags) && <PanelToggle panels={panels} currency={row.currency} panel="deposit" />}
                  {canWithdraw(currency, flags) && <PanelToggle panels={panels} currency={row.currency} panel="withdraw" />}
                </>
              )}
              <PanelToggle panels={panels} currency={row.currency} panel="record" />
            </>
          );
        }}
        panel={(row) => {
          const panel = panels.panelOf(row.currency);
          switch (panel) {
            case 'deposit':
            case 'withdraw':
              return <MoneyPanel panel={panel} row={row} wallet="micro" open={open} depositNote={t('assets.microDepositNote')} />;
            case 'record': {
              const currency = { id: row.currency, name: row.name };
              return <RecordPanel wallet="micro" currency={currency} systembi={wallets.systembi} withWithdrawals={canWithdraw(currency, flags)} />;
            }
            case null:
              return null;
          }
        }}
      />
      {transfer.dialog}
    </AssetsCard>
  );
}
