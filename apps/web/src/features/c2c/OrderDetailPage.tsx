import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { C2cOrder } from '../../api';
import { ButtonLink } from '../../components/Button';
import { AlertIcon, ClockIcon } from '../../components/icons';
import { Loading } from '../../components/Spinner';
import { Num } from '../../components/Num';
import { StatePanel } from '../../components/StatePanel';
import { displayServerTime, parseServerTime } from '../../lib/format';
import { formatCountdown, msUntil, ORDER_STATE, parseWays, type C2cWayName } from '../../lib/trading/c2c';
import { errorText } from '../auth';
import { AppealPanel } from './AppealPanel';
import { BalanceStrip, C2cCard, C2cNav, OrderStateBadge, WayIcons, sideLabel } from './common';
import { OrderActions } from './OrderActions';
import { useC2cLive, useOrder } from './queries';

/**
 * `/c2cDetail?id=`: one order for one of its parties. The state and the payment window, what is
 * traded, the seller's payment information (where the buyer pays), the actions of the viewer's
 * side, and the appeal once it is allowed. Changes arrive live from the other party.
 */
export function OrderDetailPage() {
  const { t } = useTranslation();
  useC2cLive();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const order = useOrder(Number.isSafeInteger(id) && id > 0 ? id : 0);

  let body: ReactNode;
  if (!(id > 0) || order.isError) {
    body = (
      <StatePanel
        tone="danger"
        icon={<AlertIcon size={26} />}
        title={t('c2c.detail.notFound')}
        body={order.isError ? errorText(order.error) : undefined}
        actions={<ButtonLink to="/c2cOrder">{t('c2c.nav.myOrders')}</ButtonLink>}
        testId="order-not-found"
      />
    );
  } else if (order.isPending) body = <Loading label={t('common.loading')} className="py-16" />;
  else body = <OrderView order={order.data} />;

  return (
    <div className="mx-auto flex w-full max-w-[56rem] flex-1 flex-col gap-3 px-3 py-4 sm:px-5 sm:py-6">
      <C2cNav />
      {body}
    </div>
  );
}

function OrderView({ order }: { order: C2cOrder }) {
  const { t } = useTranslation();
  const buyer = order.role === 'buyer';
  return (
    <>
      <C2cCard
        title={t('c2c.detail.title', { id: order.id })}
        subtitle={sideLabel(order, t)}
        testId="order-detail"
        actions={<OrderStateBadge state={order.is_sure} appealed={order.appeal.appealed === 1} />}
      >
        <div className="flex flex-col gap-5 px-4 py-5 sm:px-6" data-id={order.id} data-state={order.is_sure} data-role={order.role}>
          <StateLine order={order} />
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Figure label={t('c2c.order.number')}>
              <Num testId="order-number">
                {order.number} {order.currency_name}
              </Num>
            </Figure>
            <Figure label={t('c2c.ad.price')}>
              <Num>{order.price} CNY</Num>
            </Figure>
            <Figure label={t('c2c.order.money')}>
              <Num className="text-brand" testId="order-money">
                {order.deal_money} CNY
              </Num>
            </Figure>
            <Figure label={t('c2c.order.created')}>
              <Num className="text-[0.875rem]">{displayServerTime(order.create_time)}</Num>
            </Figure>
          </dl>
          <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-line bg-raised px-4 py-3 text-[0.8125rem] sm:grid-cols-2">
            <Row label={t('c2c.detail.publisher')}>{order.seller_name}</Row>
            <Row label={t(buyer ? 'c2c.detail.sellerName' : 'c2c.detail.buyerName')}>{order.hes_realname || '--'}</Row>
            <Row label={t('c2c.detail.phone')}>
              <Num>{order.phone || '--'}</Num>
            </Row>
            <Row label={t('c2c.ad.ways')}>
              <WayIcons ways={parseWays(order.way_name)} />
            </Row>
          </dl>
          <OrderActions order={order} />
          <BalanceStrip currencyId={order.currency_id} className="border-t border-line pt-4" />
        </div>
      </C2cCard>
      <PaymentInfo order={order} />
      {(order.is_sure === ORDER_STATE.paid || order.appeal.appealed === 1) && <AppealPanel order={order} />}
    </>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-[0.75rem] text-faint">{label}</dt>
      <dd className="mt-1 text-base font-semibold text-fg">{children}</dd>
    </div>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-center justify-between gap-3" data-testid={testId}>
      <dt className="text-faint">{label}</dt>
      <dd className="min-w-0 truncate text-end text-fg">{children}</dd>
    </div>
  );
}

/** Ticks every second while `active`, for a countdown. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** What the order waits for, from the viewer's side, with the payment window's countdown while unpaid. */
function StateLine({ order }: { order: C2cOrder }) {
  const { t } = useTranslation();
  const unpaid = order.is_sure === ORDER_STATE.unpaid;
  const now = useNow(unpaid);
  const left = msUntil(parseServerTime(order.pay_deadline), now);
  const buyer = order.role === 'buyer';
  let text: string;
  if (unpaid) text = t(buyer ? 'c2c.detail.payWithin' : 'c2c.detail.waitPayment');
  else if (order.is_sure === ORDER_STATE.paid) text = t(buyer ? 'c2c.detail.waitRelease' : 'c2c.detail.checkAndRelease');
  else if (order.is_sure === ORDER_STATE.done) text = t(buyer ? 'c2c.detail.doneBuyer' : 'c2c.detail.doneSeller');
  else text = t(`c2c.cancelReason.${order.cancel_reason || 'buyer'}`);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-sunken px-4 py-3 text-[0.875rem]" data-testid="order-state-line">
      <p className="text-fg">{text}</p>
      {unpaid && (
        <span className="inline-flex items-center gap-1.5 font-semibold text-warn" aria-label={t('c2c.detail.timeLeft')}>
          <ClockIcon size={16} />
          <Num testId="order-countdown">{formatCountdown(left)}</Num>
        </span>
      )}
    </div>
  );
}

/**
 * Where the buyer pays: the seller's methods for the ways of the ad. The buyer sees them to pay;
 * the seller sees their own, and the buyer's name and accounts to recognise the payment.
 */
function PaymentInfo({ order }: { order: C2cOrder }) {
  const { t } = useTranslation();
  const ways = parseWays(order.way_name);
  const seller = order.sell_cash_info;
  const buyer = order.role === 'buyer';
  const line = (way: C2cWayName): string => {
    if (way === 'bank') return seller.bank_account ? `${seller.bank_name} · ${seller.bank_account}` : '';
    if (way === 'ali_pay') return seller.alipay_account;
    return seller.wechat_account ? [seller.wechat_nickname, seller.wechat_account].filter(Boolean).join(' · ') : '';
  };
  const shown = ways.filter((way) => line(way) !== '');
  return (
    <C2cCard title={t(buyer ? 'c2c.detail.payTo' : 'c2c.detail.yourMethods')} subtitle={t(buyer ? 'c2c.detail.payToNote' : 'c2c.detail.yourMethodsNote')} testId="order-payment-info">
      <dl className="flex flex-col divide-y divide-line/60 text-[0.8125rem]">
        {buyer && (
          <div className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6" data-testid="pay-to-name">
            <dt className="text-faint">{t('c2c.cash.realName')}</dt>
            <dd className="font-medium text-fg">{order.hes_realname || '--'}</dd>
          </div>
        )}
        {shown.length === 0 && <p className="px-4 py-4 text-faint sm:px-6">{t('c2c.detail.noMethods')}</p>}
        {shown.map((way) => (
          <div key={way} className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6" data-testid={`pay-to-${way}`}>
            <dt className="flex items-center gap-2 text-faint">
              <WayIcons ways={[way]} />
              {t(`c2c.way.${way}`)}
            </dt>
            <dd className="min-w-0 text-end font-medium break-all text-fg">
              <Num>{line(way)}</Num>
            </dd>
          </div>
        ))}
        {!buyer && (
          <div className="flex flex-col gap-1 px-4 py-3 sm:px-6" data-testid="buyer-info">
            <dt className="text-faint">{t('c2c.detail.buyerAccounts')}</dt>
            <dd className="text-fg">
              <Num>
                {[order.user_cash_info.real_name, order.user_cash_info.bank_account, order.user_cash_info.alipay_account, order.user_cash_info.wechat_account]
                  .filter(Boolean)
                  .join(' · ') || '--'}
              </Num>
            </dd>
          </div>
        )}
      </dl>
    </C2cCard>
  );
}
