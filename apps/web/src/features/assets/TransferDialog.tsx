import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { WalletList } from '../../api';
import { Modal } from '../../components/Modal';
import { TransferForm, type TransferDefaults } from './TransferForm';

/** After a transfer in the dialog, the transfer record opens 0.5 s later. */
export const TRANSFER_REDIRECT_MS = 500;
export const TRANSFER_RECORD_PATH = '/transferRecord';

interface TransferDialogProps {
  /** The defaults of the form; the dialog is open while this is set. */
  defaults: TransferDefaults | null;
  wallets: WalletList;
  onClose(): void;
}

/** The transfer form in a dialog (transfer in / transfer out of the asset lists). */
export function TransferDialog({ defaults, wallets, onClose }: TransferDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  return (
    <Modal
      open={defaults !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('assets.transferTitle')}
      testId="transfer-dialog"
      className="w-[min(30rem,calc(100vw-1.5rem))]"
    >
      {defaults && (
        <TransferForm
          // a new opening starts a new form with its own defaults
          key={`${defaults.currency ?? ''}-${defaults.from ?? ''}-${defaults.to ?? ''}`}
          wallets={wallets}
          defaults={defaults}
          onDone={() => {
            onClose();
            timer.current = setTimeout(() => void navigate(TRANSFER_RECORD_PATH), TRANSFER_REDIRECT_MS);
          }}
        />
      )}
    </Modal>
  );
}
