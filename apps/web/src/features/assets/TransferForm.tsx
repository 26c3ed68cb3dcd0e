import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalletList, WalletName } from '../../api';
import { Button } from '../../components/Button';
import { SwapIcon } from '../../components/icons';
import { Num } from '../../components/Num';
import {
  MAX_TRANSFER,
  MIN_LEVER_TRANSFER,
  USDT_ID,
  WALLET_NAMES,
  allAmount,
  balanceOf,
  checkTransfer,
  distinctItems,
  listedIn,
  type Problem,
} from '../../lib/wallet';
import { errorText, FormAlert } from '../auth';
import { AmountField } from './AmountField';
import { problemText } from './common';
import { successToast } from './forms';
import { useTransfer } from './queries';
import { SelectField } from '../../components/SelectField';

export interface TransferDefaults {
  currency?: number;
  from?: WalletName;
  to?: WalletName;
}

/** The default transfer is from the spot (change) account to the contract (lever) account. */
export const DEFAULT_TRANSFER = { from: 'change', to: 'lever' } as const satisfies TransferDefaults;

interface TransferFormProps {
  wallets: WalletList;
  defaults?: TransferDefaults;
  /** Called after the server took the transfer. */
  onDone(): void;
}

/**
 * The transfer between two wallets: currency, from, to, amount with an 'all'
 * link and the available balance of the source wallet. Used by the transfer page and the dialog.
 */
export function TransferForm({ wallets, defaults, onDone }: TransferFormProps) {
  const { t } = useTranslation();
  const items = useMemo(
    () => distinctItems([wallets.legal_wallet, wallets.change_wallet, wallets.lever_wallet, wallets.micro_wallet]),
    [wallets],
  );
  const [from, setFrom] = useState<WalletName>(defaults?.from ?? DEFAULT_TRANSFER.from);
  const [to, setTo] = useState<WalletName>(defaults?.to ?? DEFAULT_TRANSFER.to);
  const [chosen, setChosen] = useState<number>(defaults?.currency ?? USDT_ID);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<Problem | undefined>();
  const transfer = useTransfer();

  // The currencies both wallets hold; the chosen one falls back to the first of them.
  const choices = useMemo(() => {
    const both = items.filter((item) => listedIn(item, from) && listedIn(item, to));
    return both.length > 0 ? both : items;
  }, [items, from, to]);
  const item = choices.find((candidate) => candidate.currency === chosen) ?? choices[0];
  const currencyId = item?.currency ?? 0;
  const available = item ? balanceOf(item, from).available : '0';
  const name = item?.currency_name ?? '';

  const walletOptions = WALLET_NAMES.map((wallet) => ({ value: wallet, label: t(`assets.wallet.${wallet}`) }));

  function pickFrom(next: WalletName) {
    // Picking the other side's wallet swaps the two (a transfer needs two different wallets).
    if (next === to) setTo(from);
    setFrom(next);
    setProblem(undefined);
  }

  function pickTo(next: WalletName) {
    if (next === from) setFrom(to);
    setTo(next);
    setProblem(undefined);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkTransfer({ amount, available, currencyId, from, to });
    setProblem(found);
    if (found) return;
    transfer.mutate(
      { currency_id: currencyId, number: amount.trim(), from_field: from, to_field: to },
      {
        onSuccess: successToast('operation ok', 1500, () => {
          setAmount('');
          onDone();
        }),
      },
    );
  }

  const minimumHint = to === 'lever' && currencyId === USDT_ID;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="transfer-form">
      <SelectField
        label={t('assets.currency')}
        value={String(currencyId)}
        onChange={(event) => {
          setChosen(Number(event.target.value));
          setProblem(undefined);
        }}
        options={choices.map((candidate) => ({ value: String(candidate.currency), label: candidate.currency_name }))}
        data-testid="transfer-currency"
      />
      <div className="grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
        <SelectField
          label={t('assets.from')}
          value={from}
          onChange={(event) => pickFrom(event.target.value as WalletName)}
          options={walletOptions}
          data-testid="transfer-from"
        />
        <button
          type="button"
          onClick={() => {
            setFrom(to);
            setTo(from);
            setProblem(undefined);
          }}
          aria-label={t('assets.swap')}
          title={t('assets.swap')}
          data-testid="transfer-swap"
          className="mx-auto inline-flex size-11 items-center justify-center rounded-md border border-line text-muted hover:border-brand hover:text-brand sm:rotate-90"
        >
          <SwapIcon />
        </button>
        <SelectField
          label={t('assets.to')}
          value={to}
          onChange={(event) => pickTo(event.target.value as WalletName)}
          options={walletOptions}
          data-testid="transfer-to"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <AmountField
          label={t('assets.amount')}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setProblem(undefined);
          }}
          unit={name}
          max={MAX_TRANSFER}
          error={problemText(problem)}
          onAll={() => {
            setAmount(allAmount(available));
            setProblem(undefined);
          }}
          testId="transfer-amount"
          allTestId="transfer-all"
        />
        <p className="flex flex-wrap justify-between gap-2 text-[0.75rem] text-muted">
          <span>
            {t('assets.availableIn', { wallet: t(`assets.wallet.${from}`) })}{' '}
            <Num testId="transfer-available" className="font-medium text-fg">
              {available}
            </Num>{' '}
            {name}
          </span>
          {minimumHint && <span className="text-faint">{t('assets.leverMinimum', { amount: MIN_LEVER_TRANSFER, name })}</span>}
        </p>
      </div>
      {transfer.isError && <FormAlert testId="transfer-error">{errorText(transfer.error)}</FormAlert>}
      <Button type="submit" size="lg" busy={transfer.isPending} data-testid="transfer-submit" className="w-full">
        {t('assets.confirmTransfer')}
      </Button>
    </form>
  );
}
