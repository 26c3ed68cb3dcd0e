import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { WalletName } from '../../api';
import { Loading } from '../../components/Spinner';
import { WALLET_NAMES } from '../../lib/wallet';
import { LoadFailed, useIsGuest } from '../account';
import { AssetsCard, AssetsGuestNotice } from './common';
import { useReloadWallets, useWalletLive, useWallets } from './queries';
import { TRANSFER_RECORD_PATH } from './TransferDialog';
import { TransferForm, type TransferDefaults } from './TransferForm';

/** The transfer page reloads 1 s after a transfer. */
export const TRANSFER_RELOAD_MS = 1000;

const walletParam = (value: string | null): WalletName | undefined =>
  WALLET_NAMES.find((wallet) => wallet === value);

/**
 * `/new_account/transferLegal`: the transfer page (`?currency_id=&from=&to=` preselect; default
 * change → lever). A second after a transfer the balances are read again and the form starts over.
 */
export function TransferPage() {
  const { t } = useTranslation();
  useWalletLive();
  const guest = useIsGuest();
  const wallets = useWallets();
  const reload = useReloadWallets();
  const [params] = useSearchParams();
  const [generation, setGeneration] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const currency = Number(params.get('currency_id')) || undefined;
  const defaults: TransferDefaults = { currency, from: walletParam(params.get('from')), to: walletParam(params.get('to')) };

  let body;
  if (guest) body = <AssetsGuestNotice />;
  else if (wallets.isPending) body = <Loading label={t('common.loading')} />;
  else if (wallets.isError) body = <LoadFailed onRetry={() => void wallets.refetch()} />;
  else {
    body = (
      <div className="mx-auto w-full max-w-lg px-4 py-6 sm:px-6">
        <TransferForm
          key={generation}
          wallets={wallets.data}
          defaults={defaults}
          onDone={() => {
            if (timer.current !== null) clearTimeout(timer.current);
            timer.current = setTimeout(() => {
              void reload();
              setGeneration((value) => value + 1);
            }, TRANSFER_RELOAD_MS);
          }}
        />
      </div>
    );
  }

  return (
    <AssetsCard
      title={t('page.transferLegal')}
      subtitle={t('assets.transferSubtitle')}
      testId="transfer-page"
      actions={
        !guest && (
          <Link to={TRANSFER_RECORD_PATH} className="text-[0.8125rem] font-medium text-brand hover:underline" data-testid="transfer-record-link">
            {t('page.transferRecord')}
          </Link>
        )
      }
    >
      {body}
    </AssetsCard>
  );
}
