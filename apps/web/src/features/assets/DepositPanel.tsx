import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { depositTargets, hasNetworks, type UsdtNetwork } from '../../lib/wallet';
import { errorText } from '../auth';
import { AddressQr, AddressText } from './AddressQr';
import { InlineError, ListState } from './common';
import { CopyButton } from './CopyButton';
import { ManualDepositDialog } from './ManualDepositDialog';
import { NETWORK_LABEL, NetworkTabs } from './NetworkTabs';
import { useDepositAddresses } from './queries';
import { DepositsTab } from './RecordPanel';

/**
 * The deposit panel of a currency: the caller's own address (USDT: a TRC20/ERC20
 * tab), its QR image and a copy button, the manual deposit pop-up, and the recent deposits.
 */
export function DepositPanel({ currency, note }: { currency: { id: number; name: string }; note?: string }) {
  const { t } = useTranslation();
  const addresses = useDepositAddresses(currency.id, true);
  const [network, setNetwork] = useState<UsdtNetwork>('trc20');
  const [manualOpen, setManualOpen] = useState(false);
  const networks = hasNetworks(currency.name);

  let body;
  if (addresses.isPending) body = <ListState busy text="" />;
  else if (addresses.isError) body = <InlineError text={errorText(addresses.error)} onRetry={() => void addresses.refetch()} />;
  else {
    const targets = depositTargets(addresses.data, currency);
    const target = targets.find((candidate) => candidate.network === (networks ? network : '')) ?? targets[0];
    body = target ? (
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <AddressQr address={target.address} label={t('assets.depositQr', { name: currency.name })} testId="deposit-qr" />
        <div className="flex min-w-0 flex-1 flex-col gap-2.5">
          <p className="text-[0.8125rem] font-medium text-muted">
            {t('assets.depositAddressOf', { name: currency.name })}
            {target.network && <span className="ms-1 text-fg">({NETWORK_LABEL[target.network]})</span>}
          </p>
          <AddressText address={target.address} testId="deposit-address" />
          <div className="flex flex-wrap gap-2">
            <CopyButton text={target.address} testId="deposit-copy" />
            <Button variant="outline" size="sm" onClick={() => setManualOpen(true)} data-testid="manual-deposit-open">
              {t('assets.manualDeposit')}
            </Button>
          </div>
          <ul className="list-disc space-y-1 ps-5 text-[0.75rem] text-faint">
            <li>{t('assets.depositTipOnly', { name: target.network ? `${currency.name}-${NETWORK_LABEL[target.network]}` : currency.name })}</li>
            <li>{t('assets.depositTipConfirmations')}</li>
            <li>{t('assets.depositTipManual')}</li>
            {note && <li>{note}</li>}
          </ul>
        </div>
      </div>
    ) : (
      <p className="py-4 text-[0.8125rem] text-muted">{t('assets.noDepositAddress')}</p>
    );
  }

  return (
    <div data-testid="deposit-panel" className="flex flex-col gap-4">
      {networks && (
        <NetworkTabs value={network} onChange={setNetwork} testIdPrefix="deposit" />
      )}
      {body}
      <div className="rounded-lg border border-line bg-surface">
        <h3 className="border-b border-line px-3 py-2 text-[0.8125rem] font-medium text-fg">{t('assets.recentDeposits')}</h3>
        <DepositsTab currency={currency.id} />
      </div>
      <ManualDepositDialog
        open={manualOpen}
        onClose={() => setManualOpen(false)}
        currency={currency}
        network={networks ? network : null}
      />
    </div>
  );
}
