import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Num } from '../../components/Num';
import { fixed } from '../../lib/trading/decimal';
import type { LeverDirection, LeverTotals } from '../../lib/trading/lever';
import type { LeverMode } from '../../lib/trading/lever-form';
import type { PairRef } from '../market';
import { DirectionLabel, Row } from './parts';

/** The confirmation before a lever order is sent: pair, direction, mode, price, multiple, hands and totals. */
export function LeverConfirm({
  open,
  direction,
  mode,
  pair,
  price,
  pricePrecision,
  multiple,
  hands,
  totals,
  busy,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  direction: LeverDirection;
  mode: LeverMode;
  pair: PairRef;
  price: string;
  pricePrecision: number;
  multiple: string;
  hands: string;
  totals: LeverTotals;
  busy: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={direction === 1 ? t('lever.confirmLong') : t('lever.confirmShort')}
      confirmLabel={direction === 1 ? t('lever.openLong') : t('lever.openShort')}
      onConfirm={onConfirm}
      busy={busy}
      tone={direction === 1 ? 'up' : 'down'}
      testId="lever-confirm"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <Row label={t('trade.pair')}>
          {pair.currency_name}/{pair.legal_name}
        </Row>
        <Row label={t('trade.direction')}>
          <DirectionLabel type={direction} />
        </Row>
        <Row label={t('trade.mode')}>{mode === 'market' ? t('trade.market') : t('trade.limit')}</Row>
        <Row label={t('trade.price')} testId="lever-confirm-price">
          <Num>{fixed(price, pricePrecision)}</Num> {pair.legal_name}
          {mode === 'market' && <span className="ms-1 text-faint">({t('trade.bestPrice')})</span>}
        </Row>
        <Row label={t('lever.multiple')}>
          <Num>{multiple}×</Num>
        </Row>
        <Row label={t('lever.hands')} testId="lever-confirm-hands">
          <Num>{hands}</Num>
        </Row>
        <Row label={t('lever.value')}>
          <Num>{totals.value}</Num> {pair.legal_name}
        </Row>
        <Row label={t('lever.margin')} testId="lever-confirm-margin">
          <Num>{totals.margin}</Num> {pair.legal_name}
        </Row>
        <Row label={t('lever.fee')}>
          <Num>{totals.fee}</Num> {pair.legal_name}
        </Row>
      </dl>
    </ConfirmDialog>
  );
}
