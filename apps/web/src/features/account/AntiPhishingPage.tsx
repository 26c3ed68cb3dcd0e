import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apitip, protectionApi } from '../../api';
import { Loading } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { FormActions, useSecondFactor } from '../auth';
import { LoadFailed, SecurityCard, useFinishSecurityChange } from './common';
import { useProtection } from './protection-queries';

/** An anti-phishing code: 4 to 20 letters or digits (the server's rule). */
const ANTI_PHISHING_CODE = /^[A-Za-z0-9]{4,20}$/;

/**
 * `/antiPhishing`: the code every e-mail from Tessera shows at its top, so a mail without it (or
 * with another) is known to be a fake.
 */
export function AntiPhishingPage() {
  const { t } = useTranslation();
  return (
    <SecurityCard title={t('protection.antiPhishingTitle')} subtitle={t('protection.antiPhishingSubtitle')} testId="anti-phishing-page">
      {() => <AntiPhishingBody />}
    </SecurityCard>
  );
}

function AntiPhishingBody() {
  const { t } = useTranslation();
  const protection = useProtection();
  if (protection.isPending) return <Loading label={t('common.loading')} className="py-10" />;
  if (protection.isError) return <LoadFailed onRetry={() => void protection.refetch()} />;
  return <AntiPhishingForm current={protection.data.anti_phishing_code} />;
}

function AntiPhishingForm({ current }: { current: string }) {
  const { t } = useTranslation();
  const finish = useFinishSecurityChange();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const second = useSecondFactor('anti-phishing');
  const save = useMutation({
    mutationFn: () => protectionApi.setAntiPhishingCode(code.trim(), second.params.google_code ?? ''),
    onSuccess: () => finish(t('protection.antiPhishingSaved')),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = ANTI_PHISHING_CODE.test(code.trim()) ? undefined : apitip('anti-phishing code must be 4 to 20 letters or digits');
    setError(problem);
    if (!second.check() || problem) return;
    save.mutate();
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {current && (
        <p className="text-[0.8125rem] text-muted" data-testid="anti-phishing-current">
          {t('protection.antiPhishingCurrent')}{' '}
          <bdi dir="ltr" className="font-semibold text-fg">
            {current}
          </bdi>
        </p>
      )}
      <TextField
        label={t('protection.antiPhishingCode')}
        name="anti-phishing-code"
        autoComplete="off"
        ltrValue
        maxLength={20}
        placeholder={t('protection.antiPhishingPlaceholder')}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/[^A-Za-z0-9]/g, ''))}
        error={error}
        data-testid="anti-phishing-code"
      />
      {second.field}
      <FormActions call={save} label={t('form.confirm')} testId="anti-phishing-submit" errorTestId="anti-phishing-error" />
    </form>
  );
}
