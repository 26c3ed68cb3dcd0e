import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apitip, securityApi, type UserInfo } from '../../api';
import { Button } from '../../components/Button';
import { showToast } from '../../components/toast-store';
import { checkCode, checkNewPassword } from '../../lib/forms';
import { isolateLtr } from '../../lib/format';
import { maskAccount } from '../../lib/mask';
import { FormAlert } from '../auth/AuthCard';
import { CodeField } from '../auth/CodeField';
import { errorText } from '../auth/errors';
import { useCodeSender } from '../auth/useCodeSender';
import { SECURITY_PATH, SecurityCard, ownCodeTarget, useRefreshAccount } from './common';
import { useUserInfo } from '../auth/queries';
import { NewPasswordFields } from '../auth/NewPasswordFields';


/** `/resetPwd`: a new login password, proved with a code (purpose `forget`) sent to the account. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const info = useUserInfo();
  return (
    <SecurityCard
      title={t('resetPwd.title')}
      subtitle={info.data && t('resetPwd.subtitle', { account: isolateLtr(maskAccount(info.data.account)) })}
      testId="reset-page"
    >
      {(user) => <ResetPasswordForm user={user} />}
    </SecurityCard>
  );
}

function ResetPasswordForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshAccount();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string; repeat?: string }>({});
  const sender = useCodeSender('forget');
  const target = ownCodeTarget(user);

  const save = useMutation({
    mutationFn: () => securityApi.updatePassword({ code: code.trim(), password, repassword: repeat }),
    onSuccess: async () => {
      showToast(t('resetPwd.success'), 'success', 4000);
      await refresh();
      await navigate(SECURITY_PATH);
    },
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
    if (codeProblem || found.password || found.repeat) return;
    save.mutate();
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <CodeField
        value={code}
        onChange={setCode}
        error={errors.code}
        onSend={() => target && sender.send(target)}
        sending={sender.sending}
        remaining={sender.remaining}
        sendDisabled={!target}
        testId="reset-code"
        sendTestId="reset-send-code"
      />
      <NewPasswordFields
        password={password}
        repeat={repeat}
        onPassword={setPassword}
        onRepeat={setRepeat}
        errors={errors}
        testIdPrefix="reset"
      />
      {save.isError && <FormAlert testId="reset-error">{errorText(save.error)}</FormAlert>}
      <Button type="submit" size="lg" busy={save.isPending} data-testid="reset-submit" className="w-full">
        {t('form.confirm')}
      </Button>
    </form>
  );
}
