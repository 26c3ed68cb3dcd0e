import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalletList } from '../../api';
import { Num } from '../../components/Num';
import type { WalletRow } from '../../lib/wallet';
import { NotOpenAlert } from './common';
import { DepositPanel } from './DepositPanel';
import { TransferDialog } from './TransferDialog';
import type { TransferDefaults } from './TransferForm';
import type { RowPanels } from './useRowPanel';
import { RowAction } from './WalletList';
import { WithdrawPanel } from './WithdrawPanel';

// The pieces the wallet list screens (change, legal, lever, micro) have in common.

/** The card subtitle: the wallet's USDT valuation, and its CNY one where the wallet has it (legal). */
export function Valuation({ usdt, cny }: { usdt: string; cny?: string }) {
  const { t } = useTranslation();
  return (
    <>
      {t('assets.valuation')} <Num className="font-medium text-fg">≈ {usdt}</Num> USDT
      {cny !== undefined && (
        <>
          {' '}
          ·{' '}
          <Num className="font-medium text-fg">≈ {cny}</Num> CNY
        </>
      )}
    </>
  );
}

/**
 * The transfer dialog of a wallet screen and the way to open it with chosen defaults. Guests
 * (the shared demo account) get no dialog: the server refuses their transfers.
 */
export function useTransferDialog(wallets: WalletList, guest: boolean) {
  const [defaults, setDefaults] = useState<TransferDefaults | null>(null);
  return {
    open: (next: TransferDefaults) => setDefaults(next),
    dialog: guest ? null : <TransferDialog defaults={defaults} wallets={wallets} onClose={() => setDefaults(null)} />,
  };
}

/** A row's "transfer in" (from the spot account) and "transfer out" (back to it). */
export function TransferActions({ wallet, currency, onTransfer }: { wallet: 'legal' | 'lever' | 'micro'; currency: number; onTransfer(defaults: TransferDefaults): void }) {
  const { t } = useTranslation();
  return (
    <>
      <RowAction testId="transfer-in" onClick={() => onTransfer({ currency, from: 'change', to: wallet })}>
        {t('assets.transferIn')}
      </RowAction>
      <RowAction testId="transfer-out" onClick={() => onTransfer({ currency, from: wallet, to: 'change' })}>
        {t('assets.transferOut')}
      </RowAction>
    </>
  );
}

type Panel = 'deposit' | 'withdraw' | 'record';

/** The action that opens or closes one of a row's panels (`deposit-toggle`, `withdraw-toggle`, `record-toggle`). */
export function PanelToggle<P extends Panel>({ panels, currency, panel }: { panels: RowPanels<P>; currency: number; panel: P }) {
  const { t } = useTranslation();
  return (
    <RowAction testId={`${panel}-toggle`} active={panels.isOpen(currency, panel)} onClick={() => panels.toggle(currency, panel)}>
      {t(`assets.${panel}`)}
    </RowAction>
  );
}

interface MoneyPanelProps {
  panel: 'deposit' | 'withdraw';
  row: WalletRow;
  wallet: 'change' | 'micro';
  /** Deposits and withdrawals are open (`is_open_CTbi` = 1). */
  open: boolean;
  /** A line added to the deposit tips. */
  depositNote?: string;
}

/** The deposit or withdraw panel under a row of the change or micro account; a notice while both are closed. */
export function MoneyPanel({ panel, row, wallet, open, depositNote }: MoneyPanelProps) {
  if (!open) return <NotOpenAlert />;
  const currency = { id: row.currency, name: row.name };
  return panel === 'deposit' ? (
    <DepositPanel currency={currency} note={depositNote} />
  ) : (
    <WithdrawPanel currency={currency} wallet={wallet} available={row.available} />
  );
}
