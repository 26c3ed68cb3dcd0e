import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WalletList } from '../../api';
import { Button } from '../../components/Button';
import { canDeposit, canWithdraw, walletRows } from '../../lib/wallet';
import { useIsGuest } from '../account';
import { AssetsCard } from './common';
import { useWalletCurrencies } from './queries';
import { RecordPanel } from './RecordPanel';
import { useRowPanel } from './useRowPanel';
import { WalletList as AssetList } from './WalletList';
import { MoneyPanel, PanelToggle, useTransferDialog, Valuation } from './WalletPageParts';
import { ADDRESS_PATH } from './WithdrawPanel';
import { WalletScreen } from './WalletScreen';

type Panel = 'deposit' | 'withdraw' | 'record';

/** `/new_account/change`: the spot (change) account, rows with `is_match = 1`. */
export function ChangeWalletPage() {
  return <WalletScreen>{(wallets) => <ChangeWallet wallets={wallets} />}</WalletScreen>;
}

function ChangeWallet({ wallets }: { wallets: WalletList }) {
  const { t } = useTranslation();
  const guest = useIsGuest();
  const currencies = useWalletCurrencies();
  const panels = useRowPanel<Panel>();
  const transfer = useTransferDialog(wallets, guest);
  const rows = walletRows(wallets.change_wallet.balance, 'change');
  const open = wallets.is_open_CTbi === 1;
  const flags = currencies.data;

  return (
    <AssetsCard
      title={t('page.change')}
      testId="change-wallet"
      subtitle={<Valuation usdt={wallets.change_wallet.usdt_totle} />}
      actions={
        !guest && (
          <>
            <Link to={ADDRESS_PATH} className="text-[0.8125rem] font-medium text-brand hover:underline" data-testid="addresses-link">
              {t('page.withdraw_address')}
            </Link>
            <Button size="sm" onClick={() => transfer.open({ from: 'change', to: 'lever' })} data-testid="transfer-open">
              {t('assets.transfer')}
            </Button>
          </>
        )
      }
    >
      <AssetList
        label={t('page.change')}
        rows={rows}
        actions={(row) => {
          const currency = { id: row.currency, name: row.name };
          return (
            <>
              {!guest && canDeposit(currency, flags) && <PanelToggle panels={panels} currency={row.currency} panel="deposit" />}
              {!guest && canWithdraw(currency, flags) && <PanelToggle panels={panels} currency={row.currency} panel="withdraw" />}
              <PanelToggle panels={panels} currency={row.currency} panel="record" />
            </>
          );
        }}
        panel={(row) => {
          const currency = { id: row.currency, name: row.name };
          const panel = panels.panelOf(row.currency);
          switch (panel) {
            case 'deposit':
            case 'withdraw':
              return <MoneyPanel panel={panel} row={row} wallet="change" open={open} />;
            case 'record':
              return (
                <RecordPanel
                  wallet="change"
                  currency={currency}
                  systembi={wallets.systembi}
                  withDeposits={canDeposit(currency, flags)}
                  withWithdrawals={canWithdraw(currency, flags)}
                  detailPath={`/new_account/changeAccount?currency_id=${row.currency}`}
                />
              );
            case null:
              return null;
          }
        }}
      />
      {transfer.dialog}
    </AssetsCard>
  );
}
