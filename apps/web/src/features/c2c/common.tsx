import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { C2cOrder } from '../../api';
import { Num } from '../../components/Num';
import { TitledCard as C2cCard } from '../../components/Panel';
import { fixed } from '../../lib/trading/decimal';
import { COIN_DECIMALS, ORDER_STATE, type C2cWayName } from '../../lib/trading/c2c';
import { useLegalBalances } from './queries';

/** The frame of a c2c screen: the shared titled card. */
export { C2cCard };

const SECTIONS = [
  { to: '/fiatradCenter', key: 'market' },
  { to: '/c2c', key: 'publish' },
  { to: '/c2cRelease', key: 'myAds' },
  { to: '/c2cOrder', key: 'myOrders' },
  { to: '/userSetting', key: 'payment' },
] as const;

/** The row of c2c sections above every c2c screen. */
export function C2cNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('c2c.nav.label')} className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1" data-testid="c2c-nav">
      {SECTIONS.map((section) => (
        <NavLink
          key={section.to}
          to={section.to}
          data-testid={`c2c-nav-${section.key}`}
          className={({ isActive }) =>
            clsx(
              'h-8 shrink-0 rounded-md px-3 text-[0.8125rem] leading-8 font-medium whitespace-nowrap transition-colors',
              isActive ? 'bg-brand-soft text-brand' : 'text-muted hover:bg-raised hover:text-fg',
            )
          }
        >
          {t(`c2c.nav.${section.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}

/** A c2c screen: the section row, then a titled card. */
export function C2cScreen({
  title,
  subtitle,
  actions,
  testId,
  children,
  width = 'wide',
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  testId: string;
  children: ReactNode;
  width?: 'wide' | 'narrow';
}) {
  return (
    <div className={clsx('mx-auto flex w-full flex-1 flex-col gap-3 px-3 py-4 sm:px-5 sm:py-6', width === 'wide' ? 'max-w-[72rem]' : 'max-w-[48rem]')}>
      <C2cNav />
      <C2cCard title={title} subtitle={subtitle} actions={actions} testId={testId}>
        {children}
      </C2cCard>
    </div>
  );
}

const wayStyle: Record<C2cWayName, { mark: string; className: string }> = {
  ali_pay: { mark: 'A', className: 'bg-[#1677ff] text-white' },
  we_chat: { mark: 'W', className: 'bg-[#07c160] text-white' },
  bank: { mark: '¥', className: 'bg-warn text-white' },
};

/** The payment ways of an ad as small coloured marks, each named for assistive technology. */
export function WayIcons({ ways, className }: { ways: readonly C2cWayName[]; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={clsx('inline-flex items-center gap-1', className)} data-testid="way-icons" data-ways={ways.join(',')}>
      {ways.map((way) => (
        <span
          key={way}
          role="img"
          aria-label={t(`c2c.way.${way}`)}
          title={t(`c2c.way.${way}`)}
          className={clsx('grid size-5 place-items-center rounded text-[0.6875rem] font-bold', wayStyle[way].className)}
        >
          {wayStyle[way].mark}
        </span>
      ))}
    </span>
  );
}

/** The coins c2c trades, as chips; the chosen one is pressed. */
export function CoinPicker({
  coins,
  value,
  onChange,
  label,
}: {
  coins: readonly { id: number; name: string }[];
  value: number | undefined;
  onChange(id: number): void;
  label: string;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1.5" data-testid="coin-picker">
      {coins.map((coin) => (
        <button
          key={coin.id}
          type="button"
          aria-pressed={coin.id === value}
          onClick={() => onChange(coin.id)}
          data-testid={`coin-${coin.name}`}
          className={clsx(
            'h-8 rounded-md border px-3 text-[0.8125rem] font-medium transition-colors',
            coin.id === value ? 'border-brand bg-brand-soft text-brand' : 'border-line text-muted hover:border-line-strong hover:text-fg',
          )}
        >
          {coin.name}
        </button>
      ))}
    </div>
  );
}

/** The caller's legal-wallet balance of a coin: what is free, and what ads and orders hold. */
export function BalanceStrip({ currencyId, className }: { currencyId: number | undefined; className?: string }) {
  const { t } = useTranslation();
  const balances = useLegalBalances();
  const item = currencyId === undefined ? undefined : balances.data?.get(currencyId);
  if (!item) return null;
  return (
    <dl
      className={clsx('flex flex-wrap gap-x-6 gap-y-1 text-[0.8125rem]', className)}
      data-testid="c2c-balance"
      data-currency={item.name}
    >
      <div className="flex gap-2">
        <dt className="text-faint">{t('c2c.balance.available', { coin: item.name })}</dt>
        <dd>
          <Num className="font-medium text-fg" testId="c2c-available">
            {fixed(item.available, COIN_DECIMALS)}
          </Num>
        </dd>
      </div>
      <div className="flex gap-2">
        <dt className="text-faint">{t('c2c.balance.frozen')}</dt>
        <dd>
          <Num className="font-medium text-fg" testId="c2c-frozen">
            {fixed(item.frozen, COIN_DECIMALS)}
          </Num>
        </dd>
      </div>
    </dl>
  );
}

const stateTone: Record<C2cOrder['is_sure'], string> = {
  [ORDER_STATE.unpaid]: 'bg-warn/15 text-warn',
  [ORDER_STATE.paid]: 'bg-brand-soft text-brand',
  [ORDER_STATE.done]: 'bg-up/15 text-up',
  [ORDER_STATE.cancelled]: 'bg-raised text-muted',
};

/** An order's state as a coloured label. */
export function OrderStateBadge({ state, appealed }: { state: C2cOrder['is_sure']; appealed?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1">
      <span
        className={clsx('rounded px-2 py-0.5 text-[0.75rem] font-medium whitespace-nowrap', stateTone[state])}
        data-testid="order-state"
        data-state={state}
      >
        {t(`c2c.state.${state}`)}
      </span>
      {appealed && <span className="rounded bg-danger-soft px-2 py-0.5 text-[0.75rem] font-medium text-down">{t('c2c.appeal.badge')}</span>}
    </span>
  );
}

/** The side the viewer takes in an order, worded from their view. */
export function sideLabel(order: Pick<C2cOrder, 'role' | 'currency_name'>, t: (key: 'c2c.order.buying' | 'c2c.order.selling', options: { coin: string }) => string) {
  return t(order.role === 'buyer' ? 'c2c.order.buying' : 'c2c.order.selling', { coin: order.currency_name });
}
