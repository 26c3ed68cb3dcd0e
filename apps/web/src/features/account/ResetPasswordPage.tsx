import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apitip, securityApi, type UserInfo } from '../../api';
import { checkCode, checkNewPassword } from '../../lib/forms';
import { CodeField, FormActions, NewPasswordFields, useSecondFactor } from '../auth';
import { SecurityCard, useFinishSecurityChange } from './common';
import { useOwnCodeSender } from './useOwnCodeSender';

/** `/resetPwd`: a new login password, proved with a code (purpose `forget`) sent to the account. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <SecurityCard title={t('resetPwd.title')} subtitle={(account) => t('resetPwd.subtitle', { account })} testId="reset-page">
      {(user) => <ResetPasswordForm user={user} />}
    </SecurityCard>
  );
}

function ResetPasswordForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const finish = useFinishSecurityChange();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string; repeat?: string }>({});
  const own = useOwnCodeSender(user, 'forget');
  const second = useSecondFactor('reset');

  const save = useMutation({
    mutationFn: () => securityApi.updatePassword({ code: code.trim(), password, repassword: repeat, ...second.params }),
    onSuccess: () => finish(t('resetPwd.success')),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const codeProblem = checkCode(code);
    const found = checkNewPassword(password, repeat);
    setErrors({
      code: codeProblem && apitip(codeProblem),
      password: found.password && apitip(found.password),
      repeat: found.repeat && apitip(found.repeat),
    });
    if (!second.check() || codeProblem || found.password || found.repeat) return;
    save.mutate();
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <CodeField value={code} onChange={setCode} error={errors.code} onSend={own.send} sender={own} sendDisabled={!own.target} testIdPrefix="reset" />
      <NewPasswordFields
        password={password}
        repeat={repeat}
        onPassword={setPassword}
        onRepeat={setRepeat}
        errors={errors}
        testIdPrefix="reset"
      />
      {second.field}
      <FormActions call={save} label={t('form.confirm')} testId="reset-submit" errorTestId="reset-error" />
    </form>
  );
}
