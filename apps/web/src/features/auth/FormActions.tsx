import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { FormAlert } from './AuthCard';
import { errorText } from './errors';

interface FormActionsProps {
  /** The call the form makes: its refusal is shown above the button, which spins while it runs. */
  call: { isPending: boolean; isError: boolean; error: unknown };
  label: ReactNode;
  testId: string;
  errorTestId: string;
  /** On a second step: a Back button before the submit button, which then takes the rest of the row. */
  onBack?: () => void;
}

/**
 * The end of the sign-in and security forms: the server's refusal, then the large submit button.
 * Every such form ends the same way, so the refusal and the button behave alike everywhere.
 */
export function FormActions({ call, label, testId, errorTestId, onBack }: FormActionsProps) {
  const { t } = useTranslation();
  const submit = (
    <Button type="submit" size="lg" busy={call.isPending} data-testid={testId} className={onBack ? 'flex-1' : 'w-full'}>
      {label}
    </Button>
  );
  return (
    <>
      {call.isError && <FormAlert testId={errorTestId}>{errorText(call.error)}</FormAlert>}
      {onBack ? (
        <div className="flex gap-2">
          <Button variant="secondary" size="lg" onClick={onBack} disabled={call.isPending}>
            {t('form.back')}
          </Button>
          {submit}
        </div>
      ) : (
        submit
      )}
    </>
  );
}
