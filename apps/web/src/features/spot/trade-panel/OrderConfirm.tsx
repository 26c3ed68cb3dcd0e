import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Num } from '../../../components/Num';
import { fixed } from '../../../lib/trading/decimal';
import type { OrderMode, Side } from '../../../lib/trading/order';
import type { PairRef } from '../../market';

/** The confirmation before an order is sent: pair, direction, mode, price, amount and total. */
export function OrderConfirm({
  side,
  mode,
  pair,
  pricePrecision,
  price,
  number,
  total,
  open,
  busy,
  onOpenChange,
  onConfirm,
}: {
  side: Side;
  mode: OrderMode;
  pair: PairRef;
  pricePrecision: number;
  price: string;
  number: string;
  total: string;
  open: boolean;
  busy: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={side === 'buy' ? t('trade.confirmBuy') : t('trade.confirmSell')}
      confirmLabel={side === 'buy' ? t('trade.buy') : t('trade.sell')}
      onConfirm={onConfirm}
      busy={busy}
      tone={side === 'buy' ? 'up' : 'down'}
      testId="order-confirm"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <Row label={t('trade.pair')}>
          {pair.currency_name}/{pair.legal_name}
        </Row>
        <Row label={t('trade.direction')}>
          <span className={side === 'buy' ? 'text-up' : 'text-down'}>{side === 'buy' ? t('trade.buy') : t('trade.sell')}</span>
        </Row>
        <Row label={t('trade.mode')}>{mode === 'market' ? t('trade.market') : mode === 'stop_limit' ? t('trade.stopLimit') : t('trade.limit')}</Row>
        <Row label={t('trade.price')}>
          <Num>{fixed(price, pricePrecision)}</Num> {pair.legal_name}
          {mode === 'market' && <span className="ms-1 text-faint">({t('trade.bestPrice')})</span>}
        </Row>
        <Row label={t('trade.amount')}>
          <Num>{number}</Num> {pair.currency_name}
        </Row>
        <Row label={t('trade.total')}>
          <Num>{total}</Num> {pair.legal_name}
        </Row>
      </dl>
    </ConfirmDialog>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="text-end text-fg">{children}</dd>
    </>
  );
}
