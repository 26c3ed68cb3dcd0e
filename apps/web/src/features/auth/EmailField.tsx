import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/TextField';

/** The longest e-mail address the forms take. */
const EMAIL_MAX = 120;

interface EmailFieldProps {
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  testId: string;
}

/** The e-mail address a code is sent to, as registration and e-mail binding ask for it. */
export function EmailField({ value, onChange, error, testId }: EmailFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('form.email')}
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      ltrValue
      maxLength={EMAIL_MAX}
      placeholder={t('form.emailPlaceholder')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      data-testid={testId}
    />
  );
}
