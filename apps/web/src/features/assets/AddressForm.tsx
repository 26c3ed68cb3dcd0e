import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apitip, type WalletCurrency } from '../../api';
import { currentLang } from '../../app/preferences';
import { Button } from '../../components/Button';
import { TabBar } from '../../components/Tabs';
import { TextField } from '../../components/TextField';
import { showToast } from '../../components/toast-store';
import { checkAddressForm, hasNetworks, hasProblems, networkActive, USDT_NETWORKS, type AddressProblems, type UsdtNetwork } from '../../lib/wallet';
import { FormAlert } from '../auth/AuthCard';
import { errorText } from '../auth/errors';
import { problemText } from './common';
import { useAddAddress } from './queries';
import { SelectField } from './SelectField';

const NETWORK_LABEL: Record<UsdtNetwork, string> = { trc20: 'TRC20', erc20: 'ERC20' };

/**
 * Adds a withdrawal address (spec 3 item 11, §5): currency, the ERC20/TRC20 choice for USDT,
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
  const [problems, setProblems] = useState<AddressProblems>({});
  const add = useAddAddress();
  const currency = currencies.find((item) => item.id === currencyId);
  const networks = currency ? hasNetworks(currency.name) : false;

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkAddressForm({ currencyId, address, memo });
    setProblems(found);
    if (hasProblems(found)) return;
    add.mutate(
      {
        currency_id: currencyId,
        address,
        notes: notes.trim(),
        memo: memo || undefined,
        active: networks ? networkActive(network) : undefined,
        lang: currentLang,
      },
      {
        onSuccess: (message) => {
          showToast(apitip(message || 'operation ok'), 'success', 1500);
          setAddress('');
          setNotes('');
          setMemo('');
        },
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
          setProblems((current) => ({ ...current, currency: undefined }));
        }}
        placeholder={t('assets.chooseCurrency')}
        options={currencies.map((item) => ({ value: String(item.id), label: item.name }))}
        error={problemText(problems.currency)}
        data-testid="address-currency"
      />
      {networks && (
        <div className="flex flex-col gap-1.5">
          <span className="text-[0.8125rem] font-medium text-muted">{t('assets.network')}</span>
          <TabBar<UsdtNetwork>
            label={t('assets.network')}
            variant="pill"
            value={network}
            onChange={setNetwork}
            items={USDT_NETWORKS.map((value) => ({ value, label: NETWORK_LABEL[value], testId: `address-network-${value}` }))}
          />
        </div>
      )}
      <TextField
        label={t('assets.address')}
        value={address}
        onChange={(event) => {
          setAddress(event.target.value);
          setProblems((current) => ({ ...current, address: undefined }));
        }}
        maxLength={128}
        autoComplete="off"
        spellCheck={false}
        ltrValue
        placeholder={t('assets.addressPlaceholder')}
        error={problemText(problems.address)}
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
          setProblems((current) => ({ ...current, memo: undefined }));
        }}
        maxLength={64}
        autoComplete="off"
        spellCheck={false}
        ltrValue
        placeholder={t('assets.memoPlaceholder')}
        error={problemText(problems.memo)}
        data-testid="address-memo"
      />
      {add.isError && <FormAlert testId="address-error">{errorText(add.error)}</FormAlert>}
      <Button type="submit" size="lg" busy={add.isPending} data-testid="address-submit" className="w-full">
        {t('assets.addAddress')}
      </Button>
    </form>
  );
}
