import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MicroPayableCurrency, MicroSecondsOption } from '../../api';
import { Num } from '../../components/Num';
import { fixed } from '../../lib/trading/decimal';
import { feeOf, runningResult, type MicroDirection } from '../../lib/trading/micro';

interface MicroTradePanelProps {
  symbol: string;
  /** the pair is open for second contracts */
  open: boolean;
  seconds: readonly MicroSecondsOption[];
  currency: MicroPayableCurrency | undefined;
  signedIn: boolean;
  /** where the transfer link goes (into the micro wallet); none for visitors and guests */
  transferTo: string | undefined;
  busy: boolean;
  onSubmit(order: { type: MicroDirection; seconds: number; number: string }): void;
  className?: string;
}

const AMOUNT_DECIMALS = 8;

/**
 * The second-contract form: a duration (with what a win pays), a stake (typed or picked from the
 * quick stakes), the fee, and the up and down buttons; a visitor sees a login prompt instead.
 */
export function MicroTradePanel({ symbol, open, seconds, currency, signedIn, transferTo, busy, onSubmit, className }: MicroTradePanelProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const [stake, setStake] = useState('');
  const option = seconds.find((item) => item.seconds === chosen) ?? seconds[0];
  const unit = currency?.name ?? '';
  const fee = stake === '' || !currency ? null : feeOf(stake, currency.micro_trade_fee, AMOUNT_DECIMALS);
  const payout = option && stake !== '' ? runningResult({ type: 1, open_price: '1', number: stake, profit_ratio: option.profit_ratio }, '2', AMOUNT_DECIMALS) : null;
  const submit = (type: MicroDirection) => {
    if (!option) return;
    onSubmit({ type, seconds: option.seconds, number: stake.trim() });
  };

  return (
    <section aria-label={t('micro.title')} data-testid="micro-trade-panel" className={clsx('flex flex-col gap-4 rounded-lg border border-line bg-surface p-4', className)}>
      <header className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold text-fg">
          {t('micro.title')} · <span dir="ltr">{symbol}</span>
        </h2>
        {transferTo && (
          <Link to={transferTo} className="text-[0.75rem] font-medium text-brand hover:underline" data-testid="micro-transfer">
            {t('micro.transfer')}
          </Link>
        )}
      </header>

      {!open && (
        <p data-testid="micro-not-open" className="rounded-md bg-raised px-3 py-2 text-[0.8125rem] text-muted">
          {t('micro.notOpen')}
        </p>
      )}

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-[0.75rem] text-faint">{t('micro.duration')}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" role="radiogroup" aria-label={t('micro.duration')}>
          {seconds.map((item) => (
            <button
              key={item.seconds}
              type="button"
              role="radio"
              aria-checked={item.seconds === option?.seconds}
              data-testid={`micro-seconds-${item.seconds}`}
              onClick={() => setChosen(item.seconds)}
              className={clsx(
                'flex flex-col items-center rounded-md border px-2 py-1.5 text-[0.8125rem] transition-colors',
                item.seconds === option?.seconds ? 'border-brand bg-brand-soft text-fg' : 'border-line text-muted hover:border-line-strong',
              )}
            >
              <Num>{t('micro.secondsLeft', { count: item.seconds })}</Num>
              <span className="text-[0.6875rem] text-faint">{t('micro.profitRatio', { ratio: item.profit_ratio })}</span>
            </button>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col gap-2">
        <label className="flex h-10 items-center gap-2 rounded-md border border-line bg-sunken px-3 focus-within:border-brand">
          <span className="w-14 shrink-0 text-[0.75rem] text-faint">{t('micro.stake')}</span>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            value={stake}
            data-testid="micro-stake"
            placeholder={currency ? t('micro.stakeHint', { step: currency.micro_multiple, min: currency.micro_min, max: currency.micro_max }) : ''}
            onChange={(event) => setStake(event.target.value.replace(/[^\d.]/g, ''))}
            className="num min-w-0 flex-1 bg-transparent text-sm text-fg outline-none placeholder:text-[0.75rem] placeholder:text-faint"
          />
          <span className="text-[0.75rem] text-muted">{unit}</span>
        </label>
        <div className="flex flex-wrap gap-1.5">
          {(currency?.micro_numbers ?? []).map((quick) => (
            <button
              key={quick.number}
              type="button"
              data-testid={`micro-quick-${quick.number}`}
              onClick={() => setStake(quick.number)}
              className="rounded border border-line px-2 py-0.5 text-[0.75rem] text-muted hover:border-brand hover:text-fg"
            >
              <Num>{quick.number}</Num>
            </button>
          ))}
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-y-1 text-[0.75rem]">
        <dt className="text-faint">{t('micro.available')}</dt>
        <dd className="text-end text-fg" data-testid="micro-available">
          <Num>{currency?.user_wallet ? `${fixed(currency.user_wallet.micro_balance, 4)} ${unit}` : '--'}</Num>
        </dd>
        <dt className="text-faint">
          {t('micro.fee')} {currency && <Num>({currency.micro_trade_fee}%)</Num>}
        </dt>
        <dd className="text-end text-fg">
          <Num>{fee === null ? '--' : `${fixed(fee, 4)} ${unit}`}</Num>
        </dd>
      </dl>
      {payout && <p className="text-[0.75rem] text-muted">{t('micro.winPays', { amount: fixed(payout.amount, 4), unit })}</p>}

      {signedIn ? (
        <div className="grid grid-cols-2 gap-3">
          {([1, 2] as const).map((type) => (
            <button
              key={type}
              type="button"
              data-testid={type === 1 ? 'micro-up' : 'micro-down'}
              disabled={busy || !open || !option}
              onClick={() => submit(type)}
              className={clsx(
                'h-10 rounded-md text-sm font-semibold text-white transition-opacity hover:opacity-90 disabled:opacity-55',
                type === 1 ? 'bg-up' : 'bg-down',
              )}
            >
              {type === 1 ? t('micro.upAction') : t('micro.downAction')}
            </button>
          ))}
        </div>
      ) : (
        <p data-testid="micro-login-prompt" className="flex h-10 items-center justify-center rounded-md bg-raised text-[0.8125rem] text-muted">
          <Link to="/components/login" className="font-medium text-brand hover:underline">
            {t('micro.loginPrompt')}
          </Link>
        </p>
      )}
    </section>
  );
}
