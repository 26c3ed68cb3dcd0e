import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apitip, protectionApi } from '../../api';
import { LockIcon } from '../../components/icons';
import { StatePanel } from '../../components/StatePanel';
import { TextField } from '../../components/TextField';
import { AuthCard, FormActions } from '../auth';

/**
 * `/lockAccount?code=`: the "this was not me" link of every security message. The code locks the
 * account at once and ends every session; only support lifts the lock. No login is needed: the
 * code is the proof.
 */
export function LockAccountPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [error, setError] = useState<string | undefined>();
  const lock = useMutation({ mutationFn: () => protectionApi.lockAccount(code.trim()) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = code.trim() ? undefined : apitip('lock code not valid');
    setError(problem);
    if (!problem) lock.mutate();
  }

  return (
    <AuthCard title={t('protection.lockTitle')} subtitle={lock.isSuccess ? undefined : t('protection.lockSubtitle')} testId="lock-page">
      {lock.isSuccess ? (
        <StatePanel testId="lock-done" tone="danger" className="px-0! py-2!" icon={<LockIcon size={26} />} title={t('protection.lockedTitle')} body={t('protection.lockedBody')} />
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <TextField
            label={t('protection.lockCode')}
            name="lock-code"
            autoComplete="off"
            ltrValue
            maxLength={64}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error}
            data-testid="lock-code"
          />
          <FormActions call={lock} label={t('protection.lockSubmit')} testId="lock-submit" errorTestId="lock-error" />
        </form>
      )}
    </AuthCard>
  );
}
