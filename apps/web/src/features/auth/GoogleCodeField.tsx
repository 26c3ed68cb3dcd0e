import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/TextField';

interface GoogleCodeFieldProps {
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  /** The field is `<prefix>-google-code`. */
  testIdPrefix: string;
  autoFocus?: boolean;
}

/**
 * The authenticator code a guarded call asks for once the user bound an authenticator: six digits
 * from the app, or one of the recovery codes (`xxxxx-xxxxx`) in its place.
 */
export function GoogleCodeField({ value, onChange, error, testIdPrefix, autoFocus = false }: GoogleCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('protection.googleCode')}
      name="google-code"
      autoComplete="one-time-code"
      ltrValue
      maxLength={11}
      autoFocus={autoFocus}
      placeholder={t('protection.googleCodePlaceholder')}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/[^0-9A-Za-z-]/g, ''))}
      error={error}
      data-testid={`${testIdPrefix}-google-code`}
    />
  );
}
