import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SpotFill, SpotOpenOrder } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Num } from '../../components/Num';
import { TabBar } from '../../components/Tabs';
import { displayServerTime } from '../../lib/format';
import { fixed } from '../../lib/trading/decimal';
import { orderTotal } from '../../lib/trading/order';
import type { PairRef } from '../market';
import type { Precision } from './trade-panel';
import { OrdersTable, td } from './OrdersTable';
import { useCancelOrder, useFills, useOpenOrders } from './queries';

type Tab = 'open' | 'history';

/** Current orders (revocable after confirmation) and order history (reloaded every 5 s). */
export function OrdersPanel({ pair, precision, signedIn, className }: { pair: PairRef; precision: Precision; signedIn: boolean; className?: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('open');
  return (
    <section aria-label={t('orders.title')} data-testid="orders-panel" className={clsx('rounded-lg border border-line bg-surface', className)}>
      <div className="border-b border-line px-4">
        <TabBar<Tab>
          label={t('orders.title')}
          value={tab}
          onChange={setTab}
          size="md"
          items={[
            { value: 'open', label: t('orders.open'), testId: 'orders-tab-open' },
            { value: 'history', label: t('orders.history'), testId: 'orders-tab-history' },
          ]}
        />
      </div>
      {!signedIn ? (
        <p data-testid="orders-login-prompt" className="px-4 py-10 text-center text-[0.8125rem] text-muted">
          <Link to="/components/login" className="font-medium text-brand hover:underline">
            {t('header.login')}
          </Link>{' '}
          {t('trade.or')}{' '}
          <Link to="/components/register" className="font-medium text-brand hover:underline">
            {t('header.register')}
          </Link>{' '}
          {t('trade.toStart')}
        </p>
      ) : tab === 'open' ? (
        <OpenOrders pair={pair} precision={precision} />
      ) : (
        <History pair={pair} precision={precision} />
      )}
    </section>
  );
}

function OpenOrders({ pair, precision }: { pair: PairRef; precision: Precision }) {
  const { t } = useTranslation();
  const list = useOpenOrders(pair.currency_id, true);
  const cancel = useCancelOrder();
  const [revoking, setRevoking] = useState<SpotOpenOrder | null>(null);
  return (
    <>
      <OrdersTable
        testId="open-orders"
        columns={[t('orders.remaining'), t('orders.action')]}
        rows={list.orders}
        page={list}
        emptyText={t('orders.noOpen')}
      >
        {(order) => <OpenOrderRow key={order.id} order={order} precision={precision} onRevoke={() => setRevoking(order)} />}
      </OrdersTable>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open && !cancel.isPending) setRevoking(null);
        }}
        title={t('orders.revokeTitle')}
        confirmLabel={t('orders.revoke')}
        busy={cancel.isPending}
        testId="revoke-confirm"
        onConfirm={() => {
          if (!revoking) return;
          cancel.mutate({ id: revoking.id, type: revoking.type }, { onSettled: () => setRevoking(null) });
        }}
      >
        <p className="text-sm text-muted">
          {revoking &&
            t('orders.revokeBody', {
              side: revoking.type === 'in' ? t('trade.buy') : t('trade.sell'),
              number: fixed(revoking.surplus, precision.quantity),
              name: revoking.currency_name,
              price: fixed(revoking.price, precision.price),
              unit: revoking.legal_name,
            })}
        </p>
      </ConfirmDialog>
    </>
  );
}

function OpenOrderRow({ order, precision, onRevoke }: { order: SpotOpenOrder; precision: Precision; onRevoke(): void }) {
  const { t } = useTranslation();
  return (
    <tr
      data-testid="open-order-row"
      data-id={order.id}
      data-side={order.type}
      data-price={order.price}
      data-number={order.number}
      data-surplus={order.surplus}
      className="border-t border-line/60 hover:bg-raised/50"
    >
      <td className={clsx(td, 'text-muted')}>
        <Num>{displayServerTime(order.create_time)}</Num>
      </td>
      <td className={td}>
        {order.currency_name}/{order.legal_name}
      </td>
      <td className={clsx(td, order.type === 'in' ? 'text-up' : 'text-down')}>
        {order.type === 'in' ? t('trade.buy') : t('trade.sell')}
        {order.mode === 'market' && <span className="ms-1 text-faint">· {t('trade.market')}</span>}
      </td>
      <td className={clsx(td, 'text-end')}>
        <Num>{fixed(order.price, precision.price)}</Num>
      </td>
      <td className={clsx(td, 'text-end')}>
        <Num>{fixed(order.number, precision.quantity)}</Num>
      </td>
      <td className={clsx(td, 'text-end')}>
        <Num>{fixed(order.surplus, precision.quantity)}</Num>
      </td>
      <td className={clsx(td, 'text-end')}>
        <button
          type="button"
          data-testid="order-revoke"
          onClick={onRevoke}
          className="rounded px-2 py-0.5 font-medium text-brand hover:bg-brand-soft"
        >
          {t('orders.revoke')}
        </button>
      </td>
    </tr>
  );
}

function History({ pair, precision }: { pair: PairRef; precision: Precision }) {
  const { t } = useTranslation();
  const list = useFills(pair.currency_id, true);
  return (
    <OrdersTable
      testId="fills"
      columns={[t('trade.total'), t('orders.fee'), t('orders.role')]}
      rows={list.fills}
      page={list}
      emptyText={t('orders.noHistory')}
    >
      {(fill) => <FillRow key={`${fill.id}-${fill.type}`} fill={fill} precision={precision} />}
    </OrdersTable>
  );
}

function FillRow({ fill, precision }: { fill: SpotFill; precision: Precision }) {
  const { t } = useTranslation();
  const bought = fill.way === 2;
  return (
    <tr data-testid="fill-row" data-id={fill.id} data-way={fill.way} data-number={fill.number} className="border-t border-line/60 hover:bg-raised/50">
      <td className={clsx(td, 'text-muted')}>
        <Num>{displayServerTime(fill.time)}</Num>
      </td>
      <td className={td}>
        {fill.currency_name}/{fill.legal_name}
      </td>
      <td className={clsx(td, bought ? 'text-up' : 'text-down')}>{bought ? t('trade.buy') : t('trade.sell')}</td>
      <td className={clsx(td, 'text-end')}>
        <Num>{fixed(fill.price, precision.price)}</Num>
      </td>
      <td className={clsx(td, 'text-end')}>
        <Num>{fixed(fill.number, precision.quantity)}</Num>
      </td>
      <td className={clsx(td, 'text-end')}>
        <Num>{orderTotal(fill.price, fill.number)}</Num>
      </td>
      <td className={clsx(td, 'text-end text-muted')}>
        <Num>{fixed(bought ? fill.in_fee : fill.out_fee, 8)}</Num>{' '}
        {bought ? fill.currency_name : fill.legal_name}
      </td>
      <td className={clsx(td, 'text-end text-muted')}>{fill.role === 'maker' ? t('orders.maker') : t('orders.taker')}</td>
    </tr>
  );
}
