import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalletList } from '../../api';
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
import { WalletScreen } from './WalletScreen';
import { WithdrawPanel } from './WithdrawPanel';

type Panel = 'deposit' | 'withdraw' | 'record';

/**
 * `/new_account/micro`: the short-term contract (micro) account, rows with `is_legal = 1` and
 * `is_micro = 1` (spec 3 item 7): transfer in/out, deposit, withdraw (fee = amount × rate %), records.
 * The spec names no route for this list; `micro` follows the wallet's wire name.
 */
export function MicroWalletPage() {
  return <WalletScreen>{(wallets) => <MicroWallet wallets={wallets} />}</WalletScreen>;
}

function MicroWallet({ wallets }: { wallets: WalletList }) {
  const { t } = useTranslation();
  const guest = useIsGuest();
  const currencies = useWalletCurrencies();
  const panels = useRowPanel<Panel>();
  const [transfer, setTransfer] = useState<TransferDefaults | null>(null);
  const rows = walletRows(wallets.micro_wallet.balance, 'micro');
  const open = wallets.is_open_CTbi === 1;
  const flags = currencies.data;

  return (
    <AssetsCard
      title={t('page.micro')}
      testId="micro-wallet"
      subtitle={
        <>
          {t('assets.valuation')} <Num className="font-medium text-fg">≈ {wallets.micro_wallet.usdt_totle}</Num> USDT
        </>
      }
    >
      <AssetList
        label={t('page.micro')}
        rows={rows}
        actions={(row) => {
          const currency = { id: row.currency, name: row.name };
          return (
            <>
              {!guest && (
                <>
                  <RowAction testId="transfer-in" onClick={() => setTransfer({ currency: row.currency, from: 'change', to: 'micro' })}>
                    {t('assets.transferIn')}
                  </RowAction>
                  <RowAction testId="transfer-out" onClick={() => setTransfer({ currency: row.currency, from: 'micro', to: 'change' })}>
                    {t('assets.transferOut')}
                  </RowAction>
                  {canDeposit(currency, flags) && (
                    <RowAction testId="deposit-toggle" active={panels.isOpen(row.currency, 'deposit')} onClick={() => panels.toggle(row.currency, 'deposit')}>
                      {t('assets.deposit')}
                    </RowAction>
                  )}
                  {canWithdraw(currency, flags) && (
                    <RowAction testId="withdraw-toggle" active={panels.isOpen(row.currency, 'withdraw')} onClick={() => panels.toggle(row.currency, 'withdraw')}>
                      {t('assets.withdraw')}
                    </RowAction>
                  )}
                </>
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
              return open ? <DepositPanel currency={currency} note={t('assets.microDepositNote')} /> : <NotOpenAlert />;
            case 'withdraw':
              return open ? <WithdrawPanel currency={currency} wallet="micro" available={row.available} /> : <NotOpenAlert />;
            case 'record':
              return <RecordPanel wallet="micro" currency={currency} systembi={wallets.systembi} withWithdrawals={canWithdraw(currency, flags)} />;
            default:
              return null;
          }
        }}
      />
      {!guest && <TransferDialog defaults={transfer} wallets={wallets} onClose={() => setTransfer(null)} />}
    </AssetsCard>
  );
}
