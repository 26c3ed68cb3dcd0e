import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedAddress } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { showToast } from '../../components/toast-store';
import { hasNetworks, networkOfActive } from '../../lib/wallet';
import { errorText } from '../auth';
import { ListState } from './common';
import { successToast } from './forms';
import { useDeleteAddress } from './queries';

/** The saved withdrawal addresses, each with a delete action (the server lists the caller's own only). */
export function AddressList({ addresses, busy }: { addresses: readonly SavedAddress[]; busy: boolean }) {
  const { t } = useTranslation();
  const remove = useDeleteAddress();
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  if (addresses.length === 0) return <ListState busy={busy} text={t('assets.noAddresses')} />;
  return (
    <>
      <ul className="divide-y divide-line" data-testid="address-list">
        {addresses.map((item) => (
          <li
            key={item.id}
            data-testid="address-row"
            data-id={item.id}
            data-currency={item.currency_name}
            data-address={item.address}
            className="flex flex-wrap items-start justify-between gap-3 px-4 py-3.5 sm:px-6"
          >
            <div className="min-w-0 flex-1">
              <p className="text-[0.8125rem] font-semibold text-fg">
                {item.currency_name}
                {hasNetworks(item.currency_name) && (
                  <span className="ms-2 rounded bg-raised px-1.5 py-0.5 text-[0.6875rem] font-medium text-muted">
                    {networkOfActive(item.active).toUpperCase()}
                  </span>
                )}
                {item.notes && <span className="ms-2 font-normal text-muted">{item.notes}</span>}
              </p>
              <p dir="ltr" className="num mt-1 text-start text-[0.8125rem] break-all text-muted">
                {item.address}
              </p>
              {item.memo && (
                <p className="mt-0.5 text-[0.75rem] text-faint">
                  {t('assets.memo')}: <bdi dir="ltr">{item.memo}</bdi>
                </p>
              )}
            </div>
            <button
              type="button"
              onClick={() => setDeleting(item)}
              data-testid="address-delete"
              className="rounded px-2 py-1 text-[0.8125rem] font-medium text-down hover:bg-danger-soft"
            >
              {t('assets.delete')}
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title={t('assets.deleteAddressTitle')}
        confirmLabel={t('assets.delete')}
        tone="down"
        busy={remove.isPending}
        testId="address-delete-dialog"
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: successToast('operation ok', 1500),
            onError: (error) => showToast(errorText(error), 'error'),
            onSettled: () => setDeleting(null),
          });
        }}
      >
        <p className="text-sm text-muted">
          {deleting && (
            <>
              {deleting.currency_name} · <bdi dir="ltr" className="break-all">{deleting.address}</bdi>
            </>
          )}
        </p>
      </ConfirmDialog>
    </>
  );
}
