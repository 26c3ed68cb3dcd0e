import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Num } from '../../components/Num';
import { TextField } from '../../components/TextField';
import { showToast } from '../../components/toast-store';
import { fixed } from '../../lib/trading/decimal';
import {
  BALANCE_DECIMALS,
  PRICE_DECIMALS,
  allSubscribable,
  checkSubscription,
  tokensFor,
  type SubscriptionProblem,
} from '../../lib/upstart';
import { errorText } from '../auth';

/** Only USDT pays for a subscription. */
const PAY_CURRENCY = 'USDT';
import { useSubscribe } from './queries';

interface SubscribeFormProps {
  token: string;
  /** The live price (USDT per token), `undefined` until the first answer. */
  price: string | undefined;
  /** The caller's USDT balance in the change wallet. */
  balance: string;
  /** The project takes subscriptions now (its subscribing stage). */
  open: boolean;
}

/**
 * The subscription form: USDT only, an amount in whole hundreds with an 'all' button, the live
 * conversion into tokens, and a confirmation before the order is sent. Success goes to the records.
 */
export function SubscribeForm({ token, price, balance, open }: SubscribeFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const subscribe = useSubscribe();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<SubscriptionProblem | undefined>();
  const [confirming, setConfirming] = useState<{ amount: string; price: string } | null>(null);
  const livePrice = price ?? '0';

  function review() {
    const found = checkSubscription(amount, balance, livePrice);
    setProblem(found);
    if (!found) setConfirming({ amount, price: livePrice });
  }

  function send() {
    if (!confirming) return;
    subscribe.mutate(
      { amount: confirming.amount, buymoney: PAY_CURRENCY },
      {
        onSuccess: () => {
          setConfirming(null);
          showToast(t('upstart.subscribed'), 'success', 3000);
          void navigate('/uplist');
        },
        onError: (error) => {
          setConfirming(null);
          showToast(errorText(error), 'error', 4000);
        },
      },
    );
  }

  return (
    <form
      noValidate
      data-testid="subscribe-form"
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
      className="grid gap-4"
    >
      <div className="grid gap-1.5">
        <span className="text-[0.8125rem] font-medium text-muted">{t('upstart.payCurrency')}</span>
        <div className="flex gap-2" role="radiogroup" aria-label={t('upstart.payCurrency')}>
          <span role="radio" aria-checked="true" className="rounded-md border border-brand bg-brand-soft px-3 py-1.5 text-[0.8125rem] font-medium text-brand" data-testid="subscribe-currency">
            USDT
          </span>
        </div>
      </div>

      <TextField
        label={t('upstart.amount')}
        value={amount}
        inputMode="numeric"
        autoComplete="off"
        ltrValue
        maxLength={9}
        placeholder={t('upstart.amountPlaceholder')}
        error={problem ? t(`upstart.problem.${problem}`) : undefined}
        data-testid="subscribe-amount"
        disabled={!open}
        onChange={(event) => {
          setAmount(event.target.value.replace(/[^0-9]/g, ''));
          setProblem(undefined);
        }}
        end={
          <span className="flex items-center gap-2 pe-2 text-[0.8125rem]">
            <span className="text-muted">USDT</span>
            <button
              type="button"
              disabled={!open}
              data-testid="subscribe-all"
              onClick={() => {
                setAmount(allSubscribable(balance));
                setProblem(undefined);
              }}
              className="rounded px-1.5 py-0.5 font-medium text-brand hover:bg-brand-soft disabled:opacity-50"
            >
              {t('upstart.all')}
            </button>
          </span>
        }
      />

      <dl className="grid gap-2 rounded-lg bg-sunken px-4 py-3 text-[0.8125rem]">
        <Row label={t('upstart.available')}>
          <Num testId="subscribe-balance">{fixed(balance, BALANCE_DECIMALS)}</Num> USDT
        </Row>
        <Row label={t('upstart.livePrice')}>
          <Num testId="subscribe-price">{price === undefined ? '--' : fixed(price, PRICE_DECIMALS)}</Num> USDT
        </Row>
        <Row label={t('upstart.youGet')}>
          <span className="font-semibold text-fg">
            <Num testId="subscribe-tokens">{tokensFor(amount, livePrice)}</Num> {token}
          </span>
        </Row>
      </dl>

      <p className="text-[0.75rem] text-faint">{t('upstart.unitRule')}</p>

      <Button type="submit" size="lg" disabled={!open} data-testid="subscribe-submit">
        {open ? t('upstart.buy') : t('upstart.closed')}
      </Button>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(next) => {
          if (!next && !subscribe.isPending) setConfirming(null);
        }}
        title={t('upstart.confirmTitle')}
        confirmLabel={t('upstart.confirmBuy')}
        onConfirm={send}
        busy={subscribe.isPending}
        testId="subscribe-confirm"
      >
        {confirming && (
          <dl className="grid gap-2 text-sm">
            <Row label={t('upstart.pay')}>
              <Num>{confirming.amount}</Num> USDT
            </Row>
            <Row label={t('upstart.price')}>
              <Num>{fixed(confirming.price, PRICE_DECIMALS)}</Num> USDT
            </Row>
            <Row label={t('upstart.youGet')}>
              <span className="font-semibold text-fg">
                <Num>{tokensFor(confirming.amount, confirming.price)}</Num> {token}
              </span>
            </Row>
            <p className="mt-2 text-[0.8125rem] text-muted">{t('upstart.confirmNote')}</p>
          </dl>
        )}
      </ConfirmDialog>
    </form>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd className="text-end text-fg">{children}</dd>
    </div>
  );
}
