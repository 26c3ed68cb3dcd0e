import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CompanyAddresses } from '../../api';
import { Loading } from '../../components/Spinner';
import { TabBar } from '../../components/Tabs';
import { useIsGuest } from '../account';
import { errorText } from '../auth';
import { AddressQr, AddressText } from './AddressQr';
import { AssetsCard, AssetsGuestNotice, InlineError, ListState, NotOpenAlert } from './common';
import { CopyButton } from './CopyButton';
import { useCompanyAddresses, useWallets } from './queries';

/**
 * `/account/recharge`: the company's address of a currency for deposits (`money/rechange`), with
 * its QR image and a copy action whose success or failure is told.
 * `?currency_id=` preselects a currency.
 */
export function RechargePage() {
  const { t } = useTranslation();
  const guest = useIsGuest();
  return (
    <AssetsCard title={t('page.recharge')} subtitle={!guest && t('assets.rechargeSubtitle')} testId="recharge-page">
      {guest ? <AssetsGuestNotice /> : <RechargeBody />}
    </AssetsCard>
  );
}

function RechargeBody() {
  const { t } = useTranslation();
  const company = useCompanyAddresses();
  const wallets = useWallets();
  if (wallets.data && wallets.data.is_open_CTbi !== 1) {
    return (
      <div className="px-4 py-6 sm:px-6">
        <NotOpenAlert />
      </div>
    );
  }
  if (company.isPending) return <Loading label={t('common.loading')} />;
  if (company.isError) return <InlineError text={errorText(company.error)} onRetry={() => void company.refetch()} />;
  return <CompanyAddressView company={company.data} />;
}

function CompanyAddressView({ company }: { company: CompanyAddresses }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const entries = useMemo(() => company.list.filter((entry) => entry.address), [company.list]);
  const wanted = Number(params.get('currency_id')) || 0;
  const first = Math.max(0, entries.findIndex((entry) => entry.currency_id === wanted));
  const [picked, setPicked] = useState<string>(String(first));
  const entry = entries[Number(picked)] ?? entries[0];
  if (!entry) return <ListState busy={false} text={t('assets.noDepositAddress')} />;
  return (
    <div className="flex flex-col gap-5 px-4 py-5 sm:px-6">
      {entries.length > 1 && (
        <TabBar<string>
          label={t('assets.currency')}
          variant="pill"
          value={picked}
          onChange={setPicked}
          items={entries.map((item, index) => ({ value: String(index), label: item.title, testId: `recharge-tab-${index}` }))}
        />
      )}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start" data-testid="recharge-entry" data-currency-id={entry.currency_id}>
        {entry.qrcode ? (
          <div className="grid size-36 shrink-0 place-items-center rounded-lg border border-line bg-white p-2">
            <img src={entry.qrcode} alt={t('assets.depositQr', { name: entry.title })} width={128} height={128} data-testid="recharge-qr" className="size-32" />
          </div>
        ) : (
          <AddressQr address={entry.address} label={t('assets.depositQr', { name: entry.title })} testId="recharge-qr" />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-2.5">
          <p className="text-[0.8125rem] font-medium text-muted">{t('assets.companyAddressOf', { name: entry.title })}</p>
          <AddressText address={entry.address} testId="recharge-address" />
          <div>
            <CopyButton text={entry.address} testId="recharge-copy" />
          </div>
          {entry.tips && <p className="text-[0.75rem] whitespace-pre-line text-faint">{entry.tips}</p>}
        </div>
      </div>
    </div>
  );
}
