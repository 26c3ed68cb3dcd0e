import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';

interface CodeFieldProps {
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  /** Asks for a code; the owner checks its inputs first. */
  onSend(): void;
  /**
   * The send button's state (`useCodeSender`): a code on its way, and the seconds before another
   * may be asked for (0: the button is free).
   */
  sender: { sending: boolean; remaining: number };
  /** When true the button cannot be used (a guest, nothing to send to). */
  sendDisabled?: boolean;
  /** The field is `<prefix>-code`, its button `<prefix>-send-code`. */
  testIdPrefix: string;
  label?: string;
}

/** The six-digit verification code with its send button, which counts down after each send. */
export function CodeField({
  value,
  onChange,
  error,
  onSend,
  sender: { sending, remaining },
  sendDisabled = false,
  testIdPrefix,
  label,
}: CodeFieldProps) {
  const { t } = useTranslation();
  const waiting = remaining > 0;
  return (
    <TextField
      label={label ?? t('form.code')}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      ltrValue
      maxLength={6}
      placeholder={t('form.codePlaceholder')}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      error={error}
      data-testid={`${testIdPrefix}-code`}
      end={
        <button
          type="button"
          onClick={onSend}
          disabled={sending || waiting || sendDisabled}
          data-testid={`${testIdPrefix}-send-code`}
          aria-live="polite"
          className={clsx(
            'inline-flex h-8 min-w-[6.5rem] items-center justify-center gap-1.5 rounded px-2.5 text-[0.8125rem] font-medium whitespace-nowrap',
            'text-brand hover:bg-brand-soft disabled:cursor-not-allowed disabled:text-faint disabled:hover:bg-transparent',
          )}
        >
          {sending && <Spinner size={14} />}
          {waiting ? <span className="num">{t('form.resendIn', { seconds: remaining })}</span> : t('form.sendCode')}
        </button>
      }
    />
  );
}
