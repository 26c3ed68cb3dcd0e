import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { LeverTrade } from '../../api';
import { Num } from '../../components/Num';
import { VirtualList } from '../../components/VirtualList';
import { fixed } from '../../lib/trading/decimal';
import { LEVER_MONEY_DECIMALS } from '../../lib/trading/lever';
import { DirectionLabel, TimeText } from './parts';

/** What a row offers: close and take-profit/stop-loss for a held position, cancel for a pending order. */
export interface TradeActions {
  onClose?(trade: LeverTrade): void;
  onStop?(trade: LeverTrade): void;
  onCancel?(trade: LeverTrade): void;
}

const ROW_HEIGHT = 44;
const cell = 'truncate px-2 text-[0.75rem]';

/**
 * The caller's lever trades: pair, direction, hands, entrust or open price, current price,
 * take-profit, stop-loss, margin, available margin, open time, close time (closed trades only),
 * fee, overnight fee, profit or loss, and the row's actions. Rows are virtualised.
 */
export function LeverTradesTable({
  trades,
  showCloseTime,
  showStatus = false,
  pricePrecision,
  actions,
  emptyText,
  height,
  testId = 'lever-trades',
}: {
  trades: readonly LeverTrade[];
  showCloseTime: boolean;
  /** A status column (lists mixing statuses). */
  showStatus?: boolean;
  pricePrecision: number;
  actions: TradeActions;
  emptyText: string;
  /** Height of the scrolling body in pixels; rows beyond it scroll. */
  height: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const hasActions = Boolean(actions.onClose || actions.onCancel || actions.onStop);
  const columns = [
    { label: t('trade.pair'), width: '6.5rem' },
    { label: t('lever.type'), width: '7.5rem' },
    ...(showStatus ? [{ label: t('lever.status'), width: '5rem' }] : []),
    { label: t('lever.hands'), width: '4rem', end: true },
    { label: t('lever.openPrice'), width: '8.5rem', end: true },
    { label: showCloseTime ? t('lever.closePrice') : t('lever.currentPrice'), width: '6.5rem', end: true },
    { label: t('lever.takeProfit'), width: '6rem', end: true },
    { label: t('lever.stopLoss'), width: '6rem', end: true },
    { label: t('lever.margin'), width: '6rem', end: true },
    { label: t('lever.availableMargin'), width: '8rem', end: true },
    { label: t('lever.openTime'), width: '9.5rem' },
    ...(showCloseTime ? [{ label: t('lever.closeTime'), width: '9.5rem' }] : []),
    { label: t('lever.fee'), width: '5.5rem', end: true },
    { label: t('lever.overnight'), width: '7rem', end: true },
    { label: t('lever.profit'), width: '6.5rem', end: true },
    ...(hasActions ? [{ label: t('orders.action'), width: '9rem', end: true }] : []),
  ];
  const template = columns.map((column) => `minmax(${column.width}, 1fr)`).join(' ');
  const price = (value: string | undefined) => (value && Number(value) > 0 ? fixed(value, pricePrecision) : '--');
  const money = (value: string | undefined) => fixed(value ?? '', LEVER_MONEY_DECIMALS);

  return (
    <div className="overflow-x-auto" data-testid={testId}>
      <div className="min-w-max xl:min-w-full">
        <div className="grid items-center border-b border-line/60 py-2 text-[0.6875rem] text-faint" style={{ gridTemplateColumns: template }}>
          {columns.map((column) => (
            <span key={column.label} className={clsx('truncate px-2', column.end && 'text-end')}>
              {column.label}
            </span>
          ))}
        </div>
        <div style={{ height: trades.length === 0 ? undefined : Math.min(height, trades.length * ROW_HEIGHT) }}>
        <VirtualList
          items={trades}
          rowHeight={ROW_HEIGHT}
          getKey={(trade) => trade.id}
          label={t('lever.tradesTitle')}
          className="h-full"
          empty={<p className="px-4 py-10 text-center text-[0.8125rem] text-faint">{emptyText}</p>}
          renderRow={(trade) => {
            const profit = trade.profits ?? '';
            const tone = Number(profit) > 0 ? 'text-up' : Number(profit) < 0 ? 'text-down' : 'text-muted';
            return (
              <div
                data-testid="lever-trade-row"
                data-id={trade.id}
                data-type={trade.type}
                data-status={trade.status}
                data-profit={profit}
                data-take-profit={trade.target_profit_price}
                data-stop-loss={trade.stop_loss_price}
                data-current={trade.update_price}
                data-reason={trade.close_reason}
                className="grid h-full items-center border-b border-line/40 hover:bg-raised/50"
                style={{ gridTemplateColumns: template }}
              >
                <span className={cell}>{trade.symbol || `${trade.currency}/${trade.legal}`}</span>
                <span className={cell}>
                  <DirectionLabel type={trade.type} />
                  {isCloseReason(trade.close_reason) && (
                    <span data-testid="lever-reason" className="ms-1 rounded bg-raised px-1 text-[0.6875rem] text-muted">
                      {t(`lever.reason.${trade.close_reason}`)}
                    </span>
                  )}
                </span>
                {showStatus && <span className={clsx(cell, 'text-muted')}>{t(STATUS_KEY[trade.status])}</span>}
                <span className={clsx(cell, 'text-end')}>
                  <Num>{String(trade.share)}</Num>
                </span>
                <span className={clsx(cell, 'text-end')}>
                  <Num>{price(trade.price)}</Num>
                </span>
                <span className={clsx(cell, 'text-end')}>
                  <Num testId="lever-row-current">{price(trade.update_price)}</Num>
                </span>
                <span className={clsx(cell, 'text-end')}>
                  <Num testId="lever-row-take-profit">{price(trade.target_profit_price)}</Num>
                </span>
                <span className={clsx(cell, 'text-end')}>
                  <Num testId="lever-row-stop-loss">{price(trade.stop_loss_price)}</Num>
                </span>
                <span className={clsx(cell, 'text-end')}>
                  <Num>{money(trade.origin_caution_money || trade.caution_money)}</Num>
                </span>
                <span className={clsx(cell, 'text-end')}>
                  <Num>{money(trade.caution_money)}</Num>
                </span>
                <span className={clsx(cell, 'text-muted')}>
                  <TimeText value={trade.handle_time || trade.transaction_time} />
                </span>
                {showCloseTime && (
                  <span className={clsx(cell, 'text-muted')}>
                    <TimeText value={trade.complete_time} />
                  </span>
                )}
                <span className={clsx(cell, 'text-end text-muted')}>
                  <Num>{money(trade.trade_fee)}</Num>
                </span>
                <span className={clsx(cell, 'text-end text-muted')}>
                  <Num>{money(trade.overnight_money)}</Num>
                </span>
                <span className={clsx(cell, 'text-end font-medium', tone)}>
                  <Num testId="lever-row-profit">{money(profit)}</Num>
                </span>
                {hasActions && (
                  <span className={clsx(cell, 'flex justify-end gap-1')}>
                    {actions.onStop && (
                      <RowButton testId="lever-row-stop" onClick={() => actions.onStop?.(trade)}>
                        {t('lever.setStop')}
                      </RowButton>
                    )}
                    {actions.onClose && (
                      <RowButton testId="lever-row-close" onClick={() => actions.onClose?.(trade)}>
                        {t('lever.close')}
                      </RowButton>
                    )}
                    {actions.onCancel && (
                      <RowButton testId="lever-row-cancel" onClick={() => actions.onCancel?.(trade)}>
                        {t('orders.revoke')}
                      </RowButton>
                    )}
                  </span>
                )}
              </div>
            );
          }}
          testId={`${testId}-body`}
        />
        </div>
      </div>
    </div>
  );
}

const CLOSE_REASONS = ['manual', 'batch', 'take_profit', 'stop_loss', 'liquidation'] as const;

/** How a closed position was closed: by hand, in batch, by its take-profit or stop-loss, or liquidated. */
function isCloseReason(reason: string): reason is (typeof CLOSE_REASONS)[number] {
  return (CLOSE_REASONS as readonly string[]).includes(reason);
}

/** The tab a trade's status belongs to, which names it. */
const STATUS_KEY = {
  0: 'lever.tab.pending',
  1: 'lever.tab.held',
  3: 'lever.tab.closed',
  4: 'lever.tab.revoked',
} as const satisfies Record<LeverTrade['status'], string>;

function RowButton({ testId, onClick, children }: { testId: string; onClick(): void; children: string }) {
  return (
    <button type="button" data-testid={testId} onClick={onClick} className="rounded px-1.5 py-0.5 font-medium text-brand hover:bg-brand-soft">
      {children}
    </button>
  );
}
