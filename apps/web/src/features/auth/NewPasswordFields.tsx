import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/PasswordField';

/** Login passwords are at most 16 characters. */
export const PASSWORD_MAX = 16;

interface NewPasswordFieldsProps {
  password: string;
  repeat: string;
  onPassword(value: string): void;
  onRepeat(value: string): void;
  errors: { password?: string | undefined; repeat?: string | undefined };
  testIdPrefix: string;
  /** "password" when registering, "new password" when replacing one */
  labelKey?: 'form.password' | 'form.newPassword';
}

/** A new login password and its repetition, as registration and both resets ask for them. */
export function NewPasswordFields({ password, repeat, onPassword, onRepeat, errors, testIdPrefix, labelKey = 'form.newPassword' }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t(labelKey)}
        name="new-password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        placeholder={t('form.passwordPlaceholder')}
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        error={errors.password}
        data-testid={`${testIdPrefix}-password`}
      />
      <PasswordField
        label={t('form.repeatPassword')}
        name="repeat-password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        placeholder={t('form.repeatPlaceholder')}
        value={repeat}
        onChange={(event) => onRepeat(event.target.value)}
        error={errors.repeat}
        data-testid={`${testIdPrefix}-repassword`}
      />
    </>
  );
}
