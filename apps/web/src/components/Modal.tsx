import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';

interface ModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  /** A line for assistive technology describing the dialog (the title when absent). */
  description?: string;
  children: ReactNode;
  /** Buttons at the bottom, outside the scrolling body. */
  footer?: ReactNode;
  testId?: string;
  className?: string;
}

/** A centred dialog with a title, a scrolling body and an optional footer (Radix: focus trap, Esc). */
export function Modal({ open, onOpenChange, title, description, children, footer, testId, className }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay data-[state=open]:animate-[toast-in_140ms_ease-out]" />
        <Dialog.Content
          data-testid={testId}
          className={clsx(
            // inset-0 + m-auto + h-fit centres without transforms, the same in both directions
            'fixed inset-0 z-50 m-auto flex h-fit max-h-[min(44rem,calc(100dvh-2rem))] w-[min(40rem,calc(100vw-1.5rem))]',
            'flex-col rounded-xl border border-line bg-surface shadow-pop outline-none',
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
            <Dialog.Title className="text-lg font-semibold text-fg">{title}</Dialog.Title>
            <Dialog.Close
              aria-label={t('common.close')}
              className="-me-2 -mt-1 inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted hover:bg-raised hover:text-fg"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{description ?? title}</Dialog.Description>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-line px-5 py-3">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
