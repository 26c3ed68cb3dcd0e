import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WalletList } from '../../api';
import { Button } from '../../components/Button';
import { Num } from '../../components/Num';
import { totalAssets, WALLET_NAMES, type WalletName } from '../../lib/wallet';
import { useIsGuest } from '../account';
import { AssetsCard, AssetsGuestNotice, Figure } from './common';
import { WalletIcon } from '../../components/icons';
import { TransferDialog } from './TransferDialog';
import type { TransferDefaults } from './TransferForm';
import { WalletScreen } from './WalletScreen';

/** The page of each wallet's asset list. */
export const WALLET_PAGE: Record<WalletName, string> = {
  legal: '/new_account/legal',
  change: '/new_account/change',
  lever: '/new_account/finance',
  micro: '/new_account/micro',
};

/** `/new_account/letransactions`: the four wallets' valuations (hidden for the demo account). */
export function OverviewPage() {
  const { t } = useTranslation();
  const guest = useIsGuest();
  if (guest) {
    return (
      <AssetsCard title={t('page.letransactions')}>
        <AssetsGuestNotice />
      </AssetsCard>
    );
  }
  return <WalletScreen>{(wallets) => <Overview wallets={wallets} />}</WalletScreen>;
}

function Overview({ wallets }: { wallets: WalletList }) {
  const { t } = useTranslation();
  const [transfer, setTransfer] = useState<TransferDefaults | null>(null);
  const total = totalAssets(wallets);
  return (
    <AssetsCard
      title={t('page.letransactions')}
      testId="assets-overview"
      actions={
        <Button size="sm" onClick={() => setTransfer({ from: 'change', to: 'lever' })} data-testid="transfer-open">
          {t('assets.transfer')}
        </Button>
      }
    >
      <div className="border-b border-line px-4 py-5 sm:px-6" data-testid="assets-total" data-total={total}>
        <Figure label={t('assets.totalAssets')}>
          <Num className="text-2xl">{total}</Num> <span className="text-sm font-normal text-muted">USDT</span>
        </Figure>
      </div>
      <div className="grid gap-3 p-4 sm:grid-cols-2 sm:p-6">
        {WALLET_NAMES.map((wallet) => {
          const group = wallets[`${wallet}_wallet`];
          return (
            <Link
              key={wallet}
              to={WALLET_PAGE[wallet]}
              data-testid="wallet-card"
              data-wallet={wallet}
              data-usdt={group.usdt_totle}
              className="group flex items-start gap-3 rounded-lg border border-line bg-raised/40 p-4 transition-colors hover:border-brand"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-soft text-brand">
                <WalletIcon size={20} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-[0.8125rem] font-medium text-muted group-hover:text-fg">{t(`assets.wallet.${wallet}`)}</span>
                <span className="mt-1 block text-lg font-semibold text-fg">
                  <Num>≈ {group.usdt_totle}</Num> <span className="text-sm font-normal text-muted">USDT</span>
                </span>
                {wallet === 'legal' && (
                  <span className="block text-[0.8125rem] text-muted" data-testid="legal-cny">
                    <Num>≈ {wallets.legal_wallet.totle}</Num> CNY
                  </span>
                )}
              </span>
            </Link>
          );
        })}
      </div>
      <TransferDialog defaults={transfer} wallets={wallets} onClose={() => setTransfer(null)} />
    </AssetsCard>
  );
}
