import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Spinner';
import { canWithdraw } from '../../lib/wallet';
import { useIsGuest } from '../account';
import { errorText } from '../auth';
import { AddressForm } from './AddressForm';
import { AddressList } from './AddressList';
import { AssetsCard, AssetsGuestNotice, InlineError } from './common';
import { useSavedAddresses, useWalletCurrencies } from './queries';

/** `/withdraw_address`: add withdrawal addresses and delete saved ones. */
export function WithdrawAddressPage() {
  const { t } = useTranslation();
  const guest = useIsGuest();
  return (
    <div className="mx-auto w-full max-w-[70rem] flex-1 px-3 py-4 sm:px-5 sm:py-6">
      {guest ? (
        <AssetsCard title={t('page.withdraw_address')}>
          <AssetsGuestNotice />
        </AssetsCard>
      ) : (
        <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:gap-6">
          <AssetsCard title={t('assets.addAddress')} testId="address-add-card">
            <div className="px-4 py-5 sm:px-6">
              <NewAddress />
            </div>
          </AssetsCard>
          <AssetsCard title={t('page.withdraw_address')} subtitle={t('assets.addressesSubtitle')} testId="address-page">
            <SavedAddresses />
          </AssetsCard>
        </div>
      )}
    </div>
  );
}

function NewAddress() {
  const { t } = useTranslation();
  const currencies = useWalletCurrencies();
  if (currencies.isPending) return <Loading label={t('common.loading')} className="py-8" />;
  if (currencies.isError) return <InlineError text={errorText(currencies.error)} onRetry={() => void currencies.refetch()} />;
  const withdrawable = currencies.data.filter((item) => canWithdraw(item, currencies.data));
  return <AddressForm currencies={withdrawable} />;
}

function SavedAddresses() {
  const addresses = useSavedAddresses();
  if (addresses.isError) return <InlineError text={errorText(addresses.error)} onRetry={() => void addresses.refetch()} />;
  return <AddressList addresses={addresses.data ?? []} busy={addresses.isPending} />;
}
