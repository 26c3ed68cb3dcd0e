import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  onConfirm(): void;
  busy?: boolean;
  tone?: 'brand' | 'up' | 'down';
  testId?: string;
}

const toneClass = { brand: '', up: 'bg-up hover:bg-up/90 text-white', down: 'bg-down hover:bg-down/90 text-white' };

/** A confirm / cancel dialog (required before submitting or revoking an order). */
export function ConfirmDialog({ open, onOpenChange, title, children, confirmLabel, onConfirm, busy = false, tone = 'brand', testId }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      testId={testId}
      className="w-[min(26rem,calc(100vw-1.5rem))]"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} data-testid={testId ? `${testId}-cancel` : undefined}>
            {t('common.cancel')}
          </Button>
          <Button onClick={onConfirm} busy={busy} className={toneClass[tone]} data-testid={testId ? `${testId}-confirm` : undefined}>
            {confirmLabel ?? t('common.confirm')}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
