import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalletCurrency } from '../../api';
import { currentLang } from '../../app/preferences';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { checkAddressForm, hasNetworks, networkActive, type AddressProblems, type UsdtNetwork } from '../../lib/wallet';
import { errorText, FormAlert, useSecondFactor } from '../auth';
import { successToast, useProblems } from './forms';
import { NetworkTabs } from './NetworkTabs';
import { useAddAddress } from './queries';
import { SelectField } from '../../components/SelectField';

/**
 * Adds a withdrawal address: currency, the ERC20/TRC20 choice for USDT,
 * address, remark and an optional memo. The checks mirror the server's: the address is kept as
 * typed and refused with spaces; the memo is letters and digits.
 */
export function AddressForm({ currencies }: { currencies: readonly WalletCurrency[] }) {
  const { t } = useTranslation();
  const [currencyId, setCurrencyId] = useState(0);
  const [network, setNetwork] = useState<UsdtNetwork>('trc20');
  const [address, setAddress] = useState('');
  const [notes, setNotes] = useState('');
  const [memo, setMemo] = useState('');
  const problems = useProblems<AddressProblems>();
  const add = useAddAddress();
  const second = useSecondFactor('address');
  const currency = currencies.find((item) => item.id === currencyId);
  const networks = currency ? hasNetworks(currency.name) : false;

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkAddressForm({ currencyId, address, memo });
    if (!problems.check(found) || !second.check()) return;
    add.mutate(
      {
        currency_id: currencyId,
        address,
        notes: notes.trim(),
        memo: memo || undefined,
        active: networks ? networkActive(network) : undefined,
        lang: currentLang,
        ...second.params,
      },
      {
        onSuccess: successToast('operation ok', 1500, () => {
          setAddress('');
          setNotes('');
          setMemo('');
          second.reset();
        }),
      },
    );
  }

  return (
    <form noValidate onSubmit={send} className="flex flex-col gap-4" data-testid="address-form">
      <SelectField
        label={t('assets.currency')}
        value={currencyId ? String(currencyId) : ''}
        onChange={(event) => {
          setCurrencyId(Number(event.target.value));
          problems.clear('currency');
        }}
        placeholder={t('assets.chooseCurrency')}
        options={currencies.map((item) => ({ value: String(item.id), label: item.name }))}
        error={problems.text('currency')}
        data-testid="address-currency"
      />
      {networks && (
        <div className="flex flex-col gap-1.5">
          <span className="text-[0.8125rem] font-medium text-muted">{t('assets.network')}</span>
          <NetworkTabs value={network} onChange={setNetwork} testIdPrefix="address" />
        </div>
      )}
      <TextField
        label={t('assets.address')}
        value={address}
        onChange={(event) => {
          setAddress(event.target.value);
          problems.clear('address');
        }}
        maxLength={128}
        autoComplete="off"
        spellCheck={false}
        ltrValue
        placeholder={t('assets.addressPlaceholder')}
        error={problems.text('address')}
        data-testid="address-value"
      />
      <TextField
        label={t('assets.remark')}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        maxLength={64}
        autoComplete="off"
        placeholder={t('assets.remarkPlaceholder')}
        data-testid="address-notes"
      />
      <TextField
        label={t('assets.memo')}
        value={memo}
        onChange={(event) => {
          setMemo(event.target.value);
          problems.clear('memo');
        }}
        maxLength={64}
        autoComplete="off"
        spellCheck={false}
        ltrValue
        placeholder={t('assets.memoPlaceholder')}
        error={problems.text('memo')}
        data-testid="address-memo"
      />
      {second.field}
      {second.bound && <p className="text-[0.75rem] text-muted">{t('protection.newAddressWaits')}</p>}
      {add.isError && <FormAlert testId="address-error">{errorText(add.error)}</FormAlert>}
      <Button type="submit" size="lg" busy={add.isPending} data-testid="address-submit" className="w-full">
        {t('assets.addAddress')}
      </Button>
    </form>
  );
}
