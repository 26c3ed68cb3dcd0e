import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apitip, securityApi } from '../../api';
import { ButtonLink } from '../../components/Button';
import { CheckCircleIcon } from '../../components/icons';
import { Loading } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { showToast } from '../../components/toast-store';
import { checkCode, checkEmail } from '../../lib/forms';
import { isolateLtr } from '../../lib/format';
import { maskAccount } from '../../lib/mask';
import { CodeField, EmailField, FormActions, useCodeSender, useSecondFactor, useUserCenter } from '../auth';
import { LoadFailed, SECURITY_PATH, SecurityCard, useRefreshAccount } from './common';

/** `/bindEmail`: e-mail, code (purpose `bind`, sent to that e-mail), confirm; success goes back. */
export function BindEmailPage() {
  const { t } = useTranslation();
  return (
    <SecurityCard title={t('bindEmail.title')} subtitle={t('bindEmail.subtitle')} testId="bind-email-page">
      {() => <BindEmailBody />}
    </SecurityCard>
  );
}

function BindEmailBody() {
  const { t } = useTranslation();
  const center = useUserCenter();
  if (center.isPending) return <Loading label={t('common.loading')} className="py-10" />;
  if (center.isError) return <LoadFailed onRetry={() => void center.refetch()} />;
  if (center.data.email) {
    return (
      <StatePanel
        testId="bind-done"
        tone="brand"
        className="px-0! py-2!"
        icon={<CheckCircleIcon size={26} />}
        title={t('bindEmail.alreadyTitle')}
        body={t('bindEmail.alreadyBody', { email: isolateLtr(maskAccount(center.data.email)) })}
        actions={<ButtonLink to={SECURITY_PATH}>{t('form.backToSecurity')}</ButtonLink>}
      />
    );
  }
  return <BindEmailForm />;
}

function BindEmailForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshAccount();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string; code?: string }>({});
  const sender = useCodeSender('bind');
  const second = useSecondFactor('bind');

  const bind = useMutation({
    mutationFn: () => securityApi.bindEmail({ email: email.trim(), code: code.trim(), ...second.params }),
    onSuccess: async () => {
      showToast(t('bindEmail.success'), 'success', 4000);
      await refresh();
      // Back one page; opened directly, there is no page of ours to go back to.
      const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      if (index > 0) await navigate(-1);
      else await navigate(SECURITY_PATH, { replace: true });
    },
  });

  function sendCode() {
    const problem = checkEmail(email);
    setErrors((current) => ({ ...current, email: problem && apitip(problem) }));
    if (problem) return;
    sender.send({ channel: 'email', address: email.trim() });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const emailProblem = checkEmail(email);
    const codeProblem = checkCode(code);
    setErrors({ email: emailProblem && apitip(emailProblem), code: codeProblem && apitip(codeProblem) });
    if (!second.check() || emailProblem || codeProblem) return;
    bind.mutate();
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <EmailField value={email} onChange={setEmail} error={errors.email} testId="bind-email" />
      <CodeField value={code} onChange={setCode} error={errors.code} onSend={sendCode} sender={sender} testIdPrefix="bind" />
      {second.field}
      <FormActions call={bind} label={t('form.confirm')} testId="bind-submit" errorTestId="bind-error" />
    </form>
  );
}
