import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/PasswordField';

interface FundPasswordFieldsProps {
  password: string;
  repeat: string;
  onPassword(value: string): void;
  onRepeat(value: string): void;
  errors: { password?: string | undefined; repeat?: string | undefined };
  testIdPrefix: string;
}

const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** The six-digit fund password and its repetition (only digits can be typed). */
export function FundPasswordFields({ password, repeat, onPassword, onRepeat, errors, testIdPrefix }: FundPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('form.fundPassword')}
        name="fund-password"
        autoComplete="new-password"
        inputMode="numeric"
        maxLength={6}
        placeholder={t('form.fundPasswordPlaceholder')}
        value={password}
        onChange={(event) => onPassword(digits(event.target.value))}
        error={errors.password}
        data-testid={`${testIdPrefix}-password`}
      />
      <PasswordField
        label={t('form.repeatFundPassword')}
        name="repeat-fund-password"
        autoComplete="new-password"
        inputMode="numeric"
        maxLength={6}
        placeholder={t('form.repeatPlaceholder')}
        value={repeat}
        onChange={(event) => onRepeat(digits(event.target.value))}
        error={errors.repeat}
        data-testid={`${testIdPrefix}-repassword`}
      />
    </>
  );
}
