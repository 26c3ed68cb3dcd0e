import { useTranslation } from 'react-i18next';
import type { OrderMode, Side } from '../../../lib/trading/order';
import { DecimalInput } from './DecimalInput';

/** The price: typed for a limit order; for a market order the best price, not editable. */
export function PriceField({ side, mode, unit, value, onChange }: { side: Side; mode: OrderMode; unit: string; value: string; onChange(raw: string): void }) {
  const { t } = useTranslation();
  return (
    <DecimalInput
      label={t('trade.price')}
      unit={unit}
      testId={`${side}-price`}
      value={value}
      placeholder={mode === 'market' ? t('trade.bestPrice') : ''}
      disabled={mode === 'market'}
      onChange={onChange}
    />
  );
}
