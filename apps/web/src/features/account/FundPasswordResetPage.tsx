import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountApi, apitip, securityApi, type UserInfo } from '../../api';
import { Button } from '../../components/Button';
import { showToast } from '../../components/toast-store';
import { checkCode, checkPayPassword } from '../../lib/forms';
import { isolateLtr } from '../../lib/format';
import { maskAccount } from '../../lib/mask';
import { FormAlert, Steps } from '../auth/AuthCard';
import { CodeField } from '../auth/CodeField';
import { errorText } from '../auth/errors';
import { useUserInfo } from '../auth/queries';
import { useCodeSender } from '../auth/useCodeSender';
import { SECURITY_PATH, SecurityCard, ownCodeTarget, useRefreshAccount } from './common';
import { FundPasswordFields } from './FundPasswordFields';

/**
 * `/forgetsPwd`: step 1 checks a code (purpose `forgets`) sent to the user's own account; step 2
 * sets a new six-digit fund password with it. Success goes to the security settings.
 */
export function FundPasswordResetPage() {
  const { t } = useTranslation();
  const info = useUserInfo();
  return (
    <SecurityCard
      title={t('fundReset.title')}
      subtitle={info.data && t('fundReset.subtitle', { account: isolateLtr(maskAccount(info.data.account)) })}
      testId="fund-reset-page"
    >
      {(user) => <FundResetForm user={user} />}
    </SecurityCard>
  );
}

function FundResetForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshAccount();
  const [step, setStep] = useState<1 | 2>(1);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string; repeat?: string }>({});
  const sender = useCodeSender('forgets');
  const target = ownCodeTarget(user);

  const verify = useMutation({
    mutationFn: async () => {
      if (!target) throw new Error('no code target');
      return accountApi.checkCode(target, 'forgets', code.trim());
    },
    onSuccess: () => setStep(2),
  });
  const save = useMutation({
    mutationFn: () => securityApi.resetPayPassword({ code: code.trim(), password, repassword: repeat }),
    onSuccess: async () => {
      showToast(t('fundReset.success'), 'success', 4000);
      await refresh();
      await navigate(SECURITY_PATH);
    },
  });

  function next(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = checkCode(code);
    setErrors({ code: problem && apitip(problem) });
    if (problem) return;
    verify.mutate();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkPayPassword(password, repeat);
    setErrors({ password: found.password && apitip(found.password), repeat: found.repeat && apitip(found.repeat) });
    if (found.password || found.repeat) return;
    save.mutate();
  }

  return (
    <>
      <Steps step={step} labels={[t('form.stepVerify'), t('form.stepFundPassword')]} />
      {step === 1 ? (
        <form noValidate onSubmit={next} className="flex flex-col gap-4">
          <CodeField
            value={code}
            onChange={setCode}
            error={errors.code}
            onSend={() => target && sender.send(target)}
            sending={sender.sending}
            remaining={sender.remaining}
            sendDisabled={!target}
            testId="fund-code"
            sendTestId="fund-send-code"
          />
          {verify.isError && <FormAlert testId="fund-error">{errorText(verify.error)}</FormAlert>}
          <Button type="submit" size="lg" busy={verify.isPending} data-testid="fund-next" className="w-full">
            {t('form.next')}
          </Button>
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
          {save.isError && <FormAlert testId="fund-error">{errorText(save.error)}</FormAlert>}
          <div className="flex gap-2">
            <Button variant="secondary" size="lg" onClick={() => setStep(1)} disabled={save.isPending}>
              {t('form.back')}
            </Button>
            <Button type="submit" size="lg" busy={save.isPending} data-testid="fund-submit" className="flex-1">
              {t('form.confirm')}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
