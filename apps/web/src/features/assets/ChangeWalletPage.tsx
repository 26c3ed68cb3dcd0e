import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WalletList } from '../../api';
import { Button } from '../../components/Button';
import { Num } from '../../components/Num';
import { canDeposit, canWithdraw, walletRows } from '../../lib/wallet';
import { useIsGuest } from '../account/common';
import { AssetsCard, NotOpenAlert } from './common';
import { DepositPanel } from './DepositPanel';
import { useWalletCurrencies } from './queries';
import { RecordPanel } from './RecordPanel';
import { TransferDialog } from './TransferDialog';
import type { TransferDefaults } from './TransferForm';
import { useRowPanel } from './useRowPanel';
import { RowAction, WalletList as AssetList } from './WalletList';
import { ADDRESS_PATH, WithdrawPanel } from './WithdrawPanel';
import { WalletScreen } from './WalletScreen';

type Panel = 'deposit' | 'withdraw' | 'record';

/** `/new_account/change`: the spot (change) account, rows with `is_match = 1` (spec 3 item 6). */
export function ChangeWalletPage() {
  return <WalletScreen>{(wallets) => <ChangeWallet wallets={wallets} />}</WalletScreen>;
}

function ChangeWallet({ wallets }: { wallets: WalletList }) {
  const { t } = useTranslation();
  const guest = useIsGuest();
  const currencies = useWalletCurrencies();
  const panels = useRowPanel<Panel>();
  const [transfer, setTransfer] = useState<TransferDefaults | null>(null);
  const rows = walletRows(wallets.change_wallet.balance, 'change');
  const open = wallets.is_open_CTbi === 1;
  const flags = currencies.data;

  return (
    <AssetsCard
      title={t('page.change')}
      testId="change-wallet"
      subtitle={
        <>
          {t('assets.valuation')} <Num className="font-medium text-fg">≈ {wallets.change_wallet.usdt_totle}</Num> USDT
        </>
      }
      actions={
        !guest && (
          <>
            <Link to={ADDRESS_PATH} className="text-[0.8125rem] font-medium text-brand hover:underline" data-testid="addresses-link">
              {t('page.withdraw_address')}
            </Link>
            <Button size="sm" onClick={() => setTransfer({ from: 'change', to: 'lever' })} data-testid="transfer-open">
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
              {!guest && canDeposit(currency, flags) && (
                <RowAction testId="deposit-toggle" active={panels.isOpen(row.currency, 'deposit')} onClick={() => panels.toggle(row.currency, 'deposit')}>
                  {t('assets.deposit')}
                </RowAction>
              )}
              {!guest && canWithdraw(currency, flags) && (
                <RowAction testId="withdraw-toggle" active={panels.isOpen(row.currency, 'withdraw')} onClick={() => panels.toggle(row.currency, 'withdraw')}>
                  {t('assets.withdraw')}
                </RowAction>
              )}
              <RowAction testId="record-toggle" active={panels.isOpen(row.currency, 'record')} onClick={() => panels.toggle(row.currency, 'record')}>
                {t('assets.record')}
              </RowAction>
            </>
          );
        }}
        panel={(row) => {
          const currency = { id: row.currency, name: row.name };
          switch (panels.panelOf(row.currency)) {
            case 'deposit':
              return open ? <DepositPanel currency={currency} /> : <NotOpenAlert />;
            case 'withdraw':
              return open ? <WithdrawPanel currency={currency} wallet="change" available={row.available} /> : <NotOpenAlert />;
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
            default:
              return null;
          }
        }}
      />
      {!guest && <TransferDialog defaults={transfer} wallets={wallets} onClose={() => setTransfer(null)} />}
    </AssetsCard>
  );
}
