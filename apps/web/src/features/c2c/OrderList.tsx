import { useTranslation } from 'react-i18next';
import type { C2cOrder } from '../../api';
import { ButtonLink } from '../../components/Button';
import { Num } from '../../components/Num';
import { VirtualList } from '../../components/VirtualList';
import { displayServerTime } from '../../lib/format';
import { OrderStateBadge, sideLabel } from './common';
import { ListState } from './lists';
import { OrderActions } from './OrderActions';

const ROW_HEIGHT = 88;

/** Orders as rows: the side and coin, quantity and CNY, the state, the time, the viewer's actions and the detail link. */
export function OrderList({ orders, busy, label }: { orders: readonly C2cOrder[]; busy: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <VirtualList
      items={orders}
      rowHeight={ROW_HEIGHT}
      getKey={(order) => order.id}
      className="max-h-[min(44rem,70vh)]"
      testId="order-list"
      label={label}
      empty={<ListState busy={busy} text={t('c2c.order.empty')} />}
      renderRow={(order) => <OrderRow order={order} />}
    />
  );
}

function OrderRow({ order }: { order: C2cOrder }) {
  const { t } = useTranslation();
  return (
    <div
      className="flex h-full items-center justify-between gap-3 border-b border-line/60 px-4 text-[0.8125rem] sm:px-6"
      data-testid="order-row"
      data-id={order.id}
      data-state={order.is_sure}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className={order.role === 'buyer' ? 'font-semibold text-up' : 'font-semibold text-down'}>{sideLabel(order, t)}</span>
          <OrderStateBadge state={order.is_sure} appealed={order.appeal.appealed === 1} />
        </div>
        <p className="flex flex-wrap gap-x-4 text-muted">
          <Num className="text-fg">
            {order.number} {order.currency_name}
          </Num>
          <Num className="text-fg">{order.deal_money} CNY</Num>
          <span>
            {t('c2c.ad.price')} <Num>{order.price}</Num>
          </span>
        </p>
        <p className="text-[0.75rem] text-faint">
          #{order.id} · <Num>{displayServerTime(order.create_time)}</Num>
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {/* narrow screens act on the order's own page, where there is room */}
        <div className="hidden sm:block">
          <OrderActions order={order} size="sm" />
        </div>
        <ButtonLink to={`/c2cDetail?id=${order.id}`} size="sm" variant="ghost" data-testid="order-detail-link">
          {t('c2c.order.detail')}
        </ButtonLink>
      </div>
    </div>
  );
}
