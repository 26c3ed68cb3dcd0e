import * as Toast from '@radix-ui/react-toast';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from './icons';
import { useToasts, type ToastTone } from './toast-store';

const toneIcon: Record<ToastTone, typeof InfoIcon> = {
  info: InfoIcon,
  success: CheckCircleIcon,
  error: AlertIcon,
};

const toneColour: Record<ToastTone, string> = {
  info: 'text-brand',
  success: 'text-up',
  error: 'text-down',
};

/** Renders the toasts queued with `showToast`, top centre, above everything. */
export function Toaster() {
  const { t } = useTranslation();
  const items = useToasts((state) => state.items);
  const dismiss = useToasts((state) => state.dismiss);
  return (
    <Toast.Provider swipeDirection="up" label={t('common.close')}>
      {items.map((item) => {
        const ToneIcon = toneIcon[item.tone];
        return (
          <Toast.Root
            key={item.id}
            duration={item.duration}
            type={item.tone === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) dismiss(item.id);
            }}
            className="pointer-events-auto flex w-full items-start gap-3 rounded-lg bg-surface px-4 py-3 text-sm text-fg shadow-pop data-[state=closed]:opacity-0 data-[state=open]:animate-[toast-in_160ms_ease-out] transition-opacity"
            data-testid="toast"
          >
            <ToneIcon className={clsx('mt-0.5 shrink-0', toneColour[item.tone])} />
            <Toast.Description className="flex-1 leading-snug">{item.text}</Toast.Description>
            <Toast.Close aria-label={t('common.close')} className="-me-1 shrink-0 rounded p-0.5 text-faint hover:text-fg">
              <CloseIcon size={16} />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport className="fixed inset-x-0 top-16 z-[100] mx-auto flex w-[min(26rem,calc(100vw-1.5rem))] flex-col gap-2 outline-none" />
    </Toast.Provider>
  );
}
