import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { c2cApi, type C2cOrder } from '../../api';
import { ButtonLink } from '../../components/Button';
import { AlertIcon, CheckCircleIcon, ClockIcon, ScaleIcon } from '../../components/icons';
import { Num } from '../../components/Num';
import { Loading } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { displayServerTime, parseServerTime } from '../../lib/format';
import { C2C_PAYMENT_WINDOW_MS, clock, timeLeft } from '../../lib/outcome';
import { errorText, useSession } from '../auth';

type MatchState = 'awaitingPayment' | 'paid' | 'finished' | 'cancelled';

function matchState(isSure: number): MatchState {
  if (isSure === 1) return 'finished';
  if (isSure === 2) return 'cancelled';
  if (isSure === 3) return 'paid';
  return 'awaitingPayment';
}

const stateTone: Record<MatchState, string> = {
  awaitingPayment: 'bg-warn/15 text-warn',
  paid: 'bg-brand-soft text-brand',
  finished: 'bg-up/15 text-up',
  cancelled: 'bg-raised text-muted',
};

/**
 * `/match?id=`: the result of taking a c2c ad: the order it made, the counterparty, the amount to
 * pay and, while unpaid, the time left of the 15-minute payment window; then on to the order.
 */
export function MatchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = useSession((state) => state.token);
  const rawId = params.get('id');
  const id = rawId && /^[1-9]\d{0,14}$/.test(rawId) ? Number(rawId) : 0;
  const order = useQuery({
    queryKey: ['c2c', 'match', id, token],
    queryFn: ({ signal }) => c2cApi.order(id, { signal }),
    enabled: token !== null && id > 0,
  });

  let body: ReactNode;
  if (!token) {
    body = (
      <StatePanel
        as="h1"
        icon={<ScaleIcon size={26} />}
        tone="brand"
        title={t('outcome.match.signInTitle')}
        body={t('outcome.match.signInBody')}
        actions={<ButtonLink to="/components/login">{t('header.login')}</ButtonLink>}
      />
    );
  } else if (id <= 0) {
    body = (
      <StatePanel
        as="h1"
        testId="match-none"
        icon={<ScaleIcon size={26} />}
        tone="brand"
        title={t('outcome.match.noneTitle')}
        body={t('outcome.match.noneBody')}
        actions={<ButtonLink to="/fiatradCenter">{t('outcome.match.toMarket')}</ButtonLink>}
      />
    );
  } else if (order.isPending) {
    body = <Loading label={t('common.loading')} className="py-16" />;
  } else if (order.isError) {
    body = (
      <StatePanel
        as="h1"
        testId="match-error"
        tone="danger"
        icon={<AlertIcon size={26} />}
        title={t('outcome.match.errorTitle')}
        body={errorText(order.error)}
        actions={<ButtonLink to="/c2cOrder" variant="secondary">{t('outcome.match.toOrders')}</ButtonLink>}
      />
    );
  } else {
    body = <MatchedOrder order={order.data} />;
  }
  return (
    <div className="hero-glow flex flex-1 items-center justify-center px-4 py-10 sm:py-16" data-testid="match-page">
      <div className="w-full max-w-xl rounded-2xl border border-line bg-surface">{body}</div>
    </div>
  );
}

function MatchedOrder({ order }: { order: C2cOrder }) {
  const { t } = useTranslation();
  const state = matchState(order.is_sure);
  const seller = order.role === 'seller';
  const counterparty = seller ? order.hes_realname || '—' : order.seller_name || '—';
  // The server's end of the payment window; without one, 15 minutes after the order was made.
  const created = parseServerTime(order.create_time)?.getTime() ?? Date.now();
  const deadline = (order.pay_deadline && parseServerTime(order.pay_deadline)?.getTime()) || created + C2C_PAYMENT_WINDOW_MS;
  const left = useTimeLeft(deadline, state === 'awaitingPayment');
  return (
    <div className="px-6 py-8 sm:px-10" data-testid="match-order" data-id={order.id} data-state={state}>
      <div className="flex flex-col items-center text-center">
        <div className="mb-4 grid size-14 place-items-center rounded-full bg-up/15 text-up">
          <CheckCircleIcon size={30} />
        </div>
        <h1 className="text-xl font-semibold text-fg">{t('outcome.match.title')}</h1>
        <p className="mt-1 text-sm text-muted">{t('outcome.match.body', { name: counterparty })}</p>
        <span className={clsx('mt-3 rounded-full px-2.5 py-0.5 text-[0.75rem] font-medium', stateTone[state])} data-testid="match-state">
          {t(`outcome.match.state.${state}`)}
        </span>
      </div>
      <dl className="mt-6 grid grid-cols-2 gap-x-4 gap-y-4 rounded-xl bg-sunken px-5 py-4 text-[0.8125rem]">
        <Item label={seller ? t('outcome.match.amountToReceive') : t('outcome.match.amount')}>
          <Num className="text-lg font-semibold text-fg">{order.deal_money}</Num> <span className="text-muted">CNY</span>
        </Item>
        <Item label={t('outcome.match.quantity')}>
          <Num>{order.number}</Num> {order.currency_name}
        </Item>
        <Item label={t('outcome.match.price')}>
          <Num>{order.price}</Num> CNY
        </Item>
        <Item label={t('outcome.match.way')}>{order.way_name || '—'}</Item>
        <Item label={t('outcome.match.counterparty')}>{counterparty}</Item>
        <Item label={t('outcome.match.time')}>
          <Num>{displayServerTime(order.create_time)}</Num>
        </Item>
      </dl>
      {state === 'awaitingPayment' && (
        <p className="mt-4 flex items-center justify-center gap-2 text-[0.8125rem] text-warn" role="timer" data-testid="match-countdown">
          <ClockIcon size={16} />
          {left > 0 ? t(seller ? 'outcome.match.buyerPaysWithin' : 'outcome.match.payWithin', { time: clock(left) }) : t('outcome.match.expired')}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to={`/c2cDetail?id=${order.id}`} data-testid="match-detail">
          {t('outcome.match.toDetail')}
        </ButtonLink>
        <ButtonLink to="/fiatradCenter" variant="secondary">
          {t('outcome.match.toMarket')}
        </ButtonLink>
      </div>
    </div>
  );
}

/** Milliseconds left until `deadlineMs`, ticking every second while `running`. */
function useTimeLeft(deadlineMs: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  return timeLeft(deadlineMs, now);
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-[0.75rem] text-faint">{label}</dt>
      <dd className="mt-0.5 truncate text-fg">{children}</dd>
    </div>
  );
}
