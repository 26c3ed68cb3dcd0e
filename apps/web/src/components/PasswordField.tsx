import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons';
import { TextField } from './TextField';

type PasswordFieldProps = Omit<Parameters<typeof TextField>[0], 'type' | 'end' | 'ltrValue'>;

/** A password input with a show/hide button; the value is typed left to right in every language. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      ltrValue
      end={
        <button
          type="button"
          onClick={() => setShown((value) => !value)}
          aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={shown}
          className="inline-flex size-9 items-center justify-center rounded text-faint hover:text-fg"
        >
          {shown ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
