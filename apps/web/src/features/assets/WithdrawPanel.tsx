import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WithdrawInfo } from '../../api';
import { Button } from '../../components/Button';
import { Num } from '../../components/Num';
import { PasswordField } from '../../components/PasswordField';
import { isPositive } from '../../lib/trading/decimal';
import {
  addressesFor,
  allAmount,
  checkWithdraw,
  hasNetworks,
  networkActive,
  withdrawFee,
  withdrawReceived,
  type UsdtNetwork,
  type WithdrawProblems,
} from '../../lib/wallet';
import { errorText, FormAlert, useSecondFactor } from '../auth';
import { AmountField } from './AmountField';
import { InlineError, ListState } from './common';
import { successToast, useProblems } from './forms';
import { NetworkTabs } from './NetworkTabs';
import { useReloadWallets, useWithdraw, useWithdrawInfo } from './queries';
import { WithdrawalsTab } from './RecordPanel';
import { SelectField } from '../../components/SelectField';

/** The page reloads 1.5 s after a withdrawal was accepted. */
export const WITHDRAW_RELOAD_MS = 1500;
export const ADDRESS_PATH = '/withdraw_address';

interface WithdrawPanelProps {
  currency: { id: number; name: string };
  wallet: 'change' | 'micro';
  /** The available balance of the row (live from `wallet/list`). */
  available: string;
}

/**
 * The withdraw panel: a saved address (USDT: of the chosen network), the
 * amount, the fee (flat in the change account, a percent in the micro account), the amount
 * received and the fund password → `wallet/out`. Then the recent withdrawals with their state.
 */
export function WithdrawPanel({ currency, wallet, available }: WithdrawPanelProps) {
  const info = useWithdrawInfo(currency.id, wallet, true);
  const reload = useReloadWallets();
  const [generation, setGeneration] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  let form;
  if (info.isPending) form = <ListState busy text="" />;
  else if (info.isError) form = <InlineError text={errorText(info.error)} onRetry={() => void info.refetch()} />;
  else {
    form = (
      <WithdrawForm
        key={generation}
        currency={currency}
        wallet={wallet}
        info={info.data}
        available={available}
        onDone={() => {
          if (timer.current !== null) clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            void reload();
            setGeneration((value) => value + 1);
          }, WITHDRAW_RELOAD_MS);
        }}
      />
    );
  }
  return (
    <div data-testid="withdraw-panel" className="flex flex-col gap-4">
      {form}
      <RecentWithdrawals currency={currency.id} />
    </div>
  );
}

function RecentWithdrawals({ currency }: { currency: number }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-lg border border-line bg-surface">
      <h3 className="border-b border-line px-3 py-2 text-[0.8125rem] font-medium text-fg">{t('assets.recentWithdrawals')}</h3>
      <WithdrawalsTab currency={currency} />
    </div>
  );
}

interface WithdrawFormProps extends WithdrawPanelProps {
  info: WithdrawInfo;
  onDone(): void;
}

function WithdrawForm({ currency, wallet, info, available, onDone }: WithdrawFormProps) {
  const { t } = useTranslation();
  const networks = hasNetworks(currency.name);
  const [network, setNetwork] = useState<UsdtNetwork>('trc20');
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const problems = useProblems<WithdrawProblems>();
  const withdraw = useWithdraw();
  const second = useSecondFactor('withdraw');

  const saved = addressesFor(info.address, currency, network);
  // The chosen address must belong to the list shown (a network switch empties it).
  const chosen = saved.some((item) => item.address === address) ? address : '';
  const fee = withdrawFee(amount, info.rate, info.fee_mode);
  const received = withdrawReceived(amount, fee);

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkWithdraw({ address: chosen, amount, min: info.min_number, max: info.max_number, available, fee, password });
    if (!problems.check(found) || !second.check()) return;
    withdraw.mutate(
      {
        currency: currency.id,
        number: amount.trim(),
        address: chosen,
        pay_password: password,
        type: wallet,
        active: networks ? networkActive(network) : undefined,
        ...second.params,
      },
      { onSuccess: successToast('withdrawal request submitted, awaiting review', 3000, onDone), onError: second.reset },
    );
  }

  return (
    <form noValidate onSubmit={send} className="grid gap-4 lg:grid-cols-2" data-testid="withdraw-form">
      <div className="flex flex-col gap-4">
        {networks && (
          <NetworkTabs
            value={network}
            onChange={(next) => {
              setNetwork(next);
              problems.clear('address');
            }}
            testIdPrefix="withdraw"
          />
        )}
        <div className="flex flex-col gap-1.5">
          <SelectField
            label={t('assets.withdrawAddress')}
            value={chosen}
            onChange={(event) => {
              setAddress(event.target.value);
              problems.clear('address');
            }}
            placeholder={saved.length > 0 ? t('assets.chooseAddress') : t('assets.noSavedAddress')}
            options={saved.map((item) => ({ value: item.address, label: item.notes ? `${item.notes} · ${item.address}` : item.address }))}
            error={problems.text('address')}
            data-testid="withdraw-address"
          />
          <Link to={ADDRESS_PATH} className="self-start text-[0.75rem] font-medium text-brand hover:underline" data-testid="withdraw-manage-addresses">
            {t('assets.manageAddresses')}
          </Link>
        </div>
        <div className="flex flex-col gap-1.5">
          <AmountField
            label={t('assets.amount')}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              problems.clear('amount');
            }}
            unit={currency.name}
            error={problems.text('amount')}
            onAll={() => setAmount(allAmount(available, isPositive(info.max_number) ? info.max_number : undefined))}
            testId="withdraw-amount"
            allTestId="withdraw-all"
          />
          <p className="text-[0.75rem] text-muted">
            {t('assets.available')}{' '}
            <Num testId="withdraw-available" className="font-medium text-fg">
              {available}
            </Num>{' '}
            {currency.name}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-line bg-surface px-4 py-3 text-[0.8125rem]">
          <dt className="text-faint">{t('assets.fee')}</dt>
          <dd className="text-end">
            <Num testId="withdraw-fee" className="text-fg">
              {fee}
            </Num>{' '}
            <span className="text-muted">{currency.name}</span>
            {info.fee_mode === 'percent' && (
              <span className="ms-1 text-[0.75rem] text-faint">({t('assets.feePercent', { rate: info.rate })})</span>
            )}
          </dd>
          <dt className="text-faint">{t('assets.received')}</dt>
          <dd className="text-end font-semibold">
            <Num testId="withdraw-received" className="text-fg">
              {received}
            </Num>{' '}
            <span className="font-normal text-muted">{currency.name}</span>
          </dd>
          <dt className="text-faint">{t('assets.minimum')}</dt>
          <dd className="text-end text-muted">
            <Num>{info.min_number}</Num>
          </dd>
          {isPositive(info.max_number) && (
            <>
              <dt className="text-faint">{t('assets.maximum')}</dt>
              <dd className="text-end text-muted">
                <Num>{info.max_number}</Num>
              </dd>
            </>
          )}
          {isPositive(info.day_limit) && (
            <>
              <dt className="text-faint">{t('assets.dayLimit')}</dt>
              <dd className="text-end text-muted">
                <Num>{info.day_used}</Num> / <Num>{info.day_limit}</Num>
              </dd>
            </>
          )}
          {info.level_day_limit_usdt !== undefined && isPositive(info.level_day_limit_usdt) && (
            <>
              <dt className="text-faint">{t('protection.levelLimit')}</dt>
              <dd className="text-end text-muted" data-testid="withdraw-level-limit">
                <Num>{info.level_day_used_usdt ?? '0'}</Num> / <Num>{info.level_day_limit_usdt}</Num> USDT
              </dd>
            </>
          )}
        </dl>
        {info.allow_list === 1 && (
          <p className="text-[0.75rem] text-muted" data-testid="withdraw-allow-list">
            {t('protection.allowListWithdrawNote')}
          </p>
        )}
        <PasswordField
          label={t('assets.fundPassword')}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value.replace(/\D/g, '').slice(0, 6));
            problems.clear('password');
          }}
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          placeholder={t('form.fundPasswordPlaceholder')}
          error={problems.text('password')}
          data-testid="withdraw-password"
        />
        {second.field}
        {withdraw.isError && <FormAlert testId="withdraw-error">{errorText(withdraw.error)}</FormAlert>}
        <Button type="submit" size="lg" busy={withdraw.isPending} disabled={withdraw.isSuccess} data-testid="withdraw-submit" className="w-full">
          {t('assets.submitWithdraw')}
        </Button>
        <Link to="/setCash" className="self-end text-[0.75rem] text-muted hover:text-brand">
          {t('assets.setFundPassword')}
        </Link>
      </div>
    </form>
  );
}
