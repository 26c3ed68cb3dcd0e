import { useTranslation } from 'react-i18next';
import type { Side } from '../../../lib/trading/order';
import { DecimalInput } from './DecimalInput';

/** The quantity to buy or sell, in the base currency. */
export function AmountField({ side, unit, value, onChange }: { side: Side; unit: string; value: string; onChange(raw: string): void }) {
  const { t } = useTranslation();
  return <DecimalInput label={t('trade.amount')} unit={unit} testId={`${side}-number`} value={value} placeholder="" onChange={onChange} />;
}
