import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/TextField';
import { isBlockedKey, limitDecimals } from '../../lib/trading/order';
import { BALANCE_DECIMALS, capAmount } from '../../lib/wallet';

interface AmountFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  unit: string;
  error?: string | undefined;
  /** Writes the whole available balance (the 'all' link); no link when absent. */
  onAll?(): void;
  testId: string;
  allTestId?: string;
  /** Typed amounts stop at this value (99999999 for transfers). */
  max?: string;
  disabled?: boolean;
}

/** An amount: digits and one dot, at most 8 decimals, capped, with the unit and an 'all' link. */
export function AmountField({ label, value, onChange, unit, error, onAll, testId, allTestId, max, disabled }: AmountFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      ltrValue
      maxLength={20}
      placeholder="0"
      disabled={disabled}
      error={error}
      data-testid={testId}
      onKeyDown={(event) => {
        if (isBlockedKey(event.key)) event.preventDefault();
      }}
      onChange={(event) => {
        const cleaned = limitDecimals(event.target.value, BALANCE_DECIMALS);
        onChange(max ? capAmount(cleaned, max) : cleaned);
      }}
      end={
        <span className="flex items-center gap-2 pe-2 text-[0.8125rem]">
          <span className="text-muted">{unit}</span>
          {onAll && (
            <button
              type="button"
              onClick={onAll}
              disabled={disabled}
              data-testid={allTestId}
              className="rounded px-1.5 py-0.5 font-medium text-brand hover:bg-brand-soft disabled:opacity-50"
            >
              {t('assets.all')}
            </button>
          )}
        </span>
      }
    />
  );
}
