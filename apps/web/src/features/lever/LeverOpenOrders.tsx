import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeverDeal, LeverOpenOrder } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Num } from '../../components/Num';
import { VirtualList } from '../../components/VirtualList';
import { fixed } from '../../lib/trading/decimal';
import { LEVER_MONEY_DECIMALS } from '../../lib/trading/lever';
import { LoginPrompt, TimeText } from './parts';
import { useLeverAction } from './queries';

const ROW_HEIGHT = 40;
const NO_ORDERS: LeverOpenOrder[] = [];
const cell = 'truncate px-2 text-[0.75rem]';

/**
 * The pair's open lever orders (the deal reply's `my_transaction`): time, pair, hands ordered,
 * price, hands opened, hands not yet opened, margin and fee locked, and the order id, each
 * revocable after confirmation. Rows are virtualised.
 */
export function LeverOpenOrders({
  deal,
  signedIn,
  pricePrecision,
  height = 320,
  className,
}: {
  deal: LeverDeal | undefined;
  signedIn: boolean;
  pricePrecision: number;
  height?: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const orders = deal?.my_transaction ?? NO_ORDERS;
  const { cancel } = useLeverAction();
  const [revoking, setRevoking] = useState<LeverOpenOrder | null>(null);
  const template = ['9.5rem', '6.5rem', '5.5rem', '6.5rem', '5.5rem', '6.5rem', '7rem', '5rem', '5rem'].map((width) => `minmax(${width}, 1fr)`).join(' ');
  const headings = [
    t('orders.time'),
    t('trade.pair'),
    t('lever.totalNumber'),
    t('trade.price'),
    t('lever.dealt'),
    t('lever.undealt'),
    t('lever.totalMoney'),
    t('lever.orderId'),
    t('orders.action'),
  ];

  return (
    <section aria-label={t('lever.openOrdersTitle')} data-testid="lever-open-orders" className={clsx('rounded-lg border border-line bg-surface', className)}>
      <h2 className="border-b border-line px-4 py-2.5 text-sm font-semibold text-fg">{t('lever.openOrdersTitle')}</h2>
      {!signedIn ? (
        <div className="px-4 py-8">
          <LoginPrompt testId="lever-open-orders-login-prompt" className="mx-auto max-w-md" />
        </div>
      ) : (
        <div className="overflow-x-auto">
          <div className="min-w-max xl:min-w-full">
            <div className="grid border-b border-line/60 py-2 text-[0.6875rem] text-faint" style={{ gridTemplateColumns: template }}>
              {headings.map((label, index) => (
                <span key={label} className={clsx('truncate px-2', index >= 2 && 'text-end')}>
                  {label}
                </span>
              ))}
            </div>
            <div style={{ height: orders.length === 0 ? undefined : Math.min(height, orders.length * ROW_HEIGHT) }}>
              <VirtualList
                items={orders}
                rowHeight={ROW_HEIGHT}
                getKey={(order) => order.id}
                className="h-full"
                label={t('lever.openOrdersTitle')}
                empty={<p className="px-4 py-8 text-center text-[0.8125rem] text-faint">{t('orders.noOpen')}</p>}
                renderRow={(order) => (
                  <div
                    data-testid="lever-open-order-row"
                    data-id={order.id}
                    className="grid h-full items-center border-b border-line/40 hover:bg-raised/50"
                    style={{ gridTemplateColumns: template }}
                  >
                    <span className={clsx(cell, 'text-muted')}>
                      <TimeText value={order.create_time} />
                    </span>
                    <span className={cell}>
                      {order.currency_name}/{order.legal_name}
                    </span>
                    <span className={clsx(cell, 'text-end')}>
                      <Num>{order.total_number}</Num>
                    </span>
                    <span className={clsx(cell, 'text-end')}>
                      <Num>{fixed(order.price, pricePrecision)}</Num>
                    </span>
                    <span className={clsx(cell, 'text-end')}>
                      <Num>{order.complete_number}</Num>
                    </span>
                    <span className={clsx(cell, 'text-end')}>
                      <Num>{order.number}</Num>
                    </span>
                    <span className={clsx(cell, 'text-end')}>
                      <Num>{fixed(order.total_money, LEVER_MONEY_DECIMALS)}</Num>
                    </span>
                    <span className={clsx(cell, 'text-end text-muted')}>
                      <Num>{order.id}</Num>
                    </span>
                    <span className={clsx(cell, 'text-end')}>
                      <button
                        type="button"
                        data-testid="lever-open-order-revoke"
                        onClick={() => setRevoking(order)}
                        className="rounded px-2 py-0.5 font-medium text-brand hover:bg-brand-soft"
                      >
                        {t('orders.revoke')}
                      </button>
                    </span>
                  </div>
                )}
              />
            </div>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open && !cancel.isPending) setRevoking(null);
        }}
        title={t('lever.confirmCancel')}
        confirmLabel={t('orders.revoke')}
        busy={cancel.isPending}
        testId="lever-revoke-confirm"
        onConfirm={() => {
          if (revoking) cancel.mutate(revoking.id, { onSettled: () => setRevoking(null) });
        }}
      >
        <p className="text-sm text-muted">{t('lever.revokeBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
