import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apitip, securityApi, type UserInfo } from '../../api';
import { checkCode, checkPayPassword } from '../../lib/forms';
import { CodeField, FormActions, Steps, useSecondFactor, useVerifyStep } from '../auth';
import { SecurityCard, useFinishSecurityChange } from './common';
import { useOwnCodeSender } from './useOwnCodeSender';
import { FundPasswordFields } from './FundPasswordFields';

/**
 * `/forgetsPwd`: step 1 checks a code (purpose `forgets`) sent to the user's own account; step 2
 * sets a new six-digit fund password with it. Success goes to the security settings.
 */
export function FundPasswordResetPage() {
  const { t } = useTranslation();
  return (
    <SecurityCard title={t('fundReset.title')} subtitle={(account) => t('fundReset.subtitle', { account })} testId="fund-reset-page">
      {(user) => <FundResetForm user={user} />}
    </SecurityCard>
  );
}

function FundResetForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const finish = useFinishSecurityChange();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string; repeat?: string }>({});
  const own = useOwnCodeSender(user, 'forgets');
  const { step, verify, back } = useVerifyStep('forgets');
  const second = useSecondFactor('fund');

  const save = useMutation({
    mutationFn: () => securityApi.resetPayPassword({ code: code.trim(), password, repassword: repeat, ...second.params }),
    onSuccess: () => finish(t('fundReset.success')),
  });

  function next(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = checkCode(code);
    setErrors({ code: problem && apitip(problem) });
    if (problem) return;
    verify.mutate({ target: own.target, code });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkPayPassword(password, repeat);
    setErrors({ password: found.password && apitip(found.password), repeat: found.repeat && apitip(found.repeat) });
    if (!second.check() || found.password || found.repeat) return;
    save.mutate();
  }

  return (
    <>
      <Steps step={step} labels={[t('form.stepVerify'), t('form.stepFundPassword')]} />
      {step === 1 ? (
        <form noValidate onSubmit={next} className="flex flex-col gap-4">
          <CodeField value={code} onChange={setCode} error={errors.code} onSend={own.send} sender={own} sendDisabled={!own.target} testIdPrefix="fund" />
          <FormActions call={verify} label={t('form.next')} testId="fund-next" errorTestId="fund-error" />
        </form>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <FundPasswordFields
            password={password}
            repeat={repeat}
            onPassword={setPassword}
            onRepeat={setRepeat}
            errors={errors}
            testIdPrefix="fund"
          />
          {second.field}
          <FormActions call={save} label={t('form.confirm')} onBack={back} testId="fund-submit" errorTestId="fund-error" />
        </form>
      )}
    </>
  );
}
