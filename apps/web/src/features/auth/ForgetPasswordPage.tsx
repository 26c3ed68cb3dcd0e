import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { accountApi, apitip, type CodeTarget } from '../../api';
import { LOGIN_PATH } from '../../app/guards';
import { TextField } from '../../components/TextField';
import { showToast } from '../../components/toast-store';
import { accountChannel, checkCode, checkNewPassword, checkResetAccount } from '../../lib/forms';
import { AuthCard, Steps } from './AuthCard';
import { CodeField } from './CodeField';
import { FormActions } from './FormActions';
import { useCodeSender } from './useCodeSender';
import { useVerifyStep } from './useVerifyStep';
import { NewPasswordFields } from './NewPasswordFields';

const ACCOUNT_MAX = 120;

/** A forgotten-password account as a code target: a mainland mobile number or an e-mail. */
function targetOf(account: string): CodeTarget | undefined {
  const address = account.trim();
  const channel = accountChannel(address);
  return channel ? { channel, address, countryCode: '86' } : undefined;
}

/**
 * `/forgetPwd`: step 1 proves the account with a code (checked, not spent); step 2 sets the new
 * login password with that code. Success goes to login.
 */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ account?: string; code?: string; password?: string; repeat?: string }>({});
  const sender = useCodeSender('forget');
  const { step, verify, back } = useVerifyStep('forget');

  const reset = useMutation({
    mutationFn: () => accountApi.forget({ account: account.trim(), code: code.trim(), password, repassword: repeat }),
    onSuccess: () => {
      showToast(t('forget.success'), 'success', 4000);
      void navigate(LOGIN_PATH, { state: { account: account.trim() } });
    },
  });

  function sendCode() {
    const problem = checkResetAccount(account);
    setErrors((current) => ({ ...current, account: problem && apitip(problem) }));
    const target = targetOf(account);
    if (problem || !target) return;
    sender.send(target);
  }

  function next(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const accountProblem = checkResetAccount(account);
    const codeProblem = checkCode(code);
    setErrors({ account: accountProblem && apitip(accountProblem), code: codeProblem && apitip(codeProblem) });
    const target = targetOf(account);
    if (accountProblem || codeProblem || !target) return;
    verify.mutate({ target, code });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkNewPassword(password, repeat);
    setErrors({ password: found.password && apitip(found.password), repeat: found.repeat && apitip(found.repeat) });
    if (found.password || found.repeat) return;
    reset.mutate();
  }

  return (
    <AuthCard
      title={t('forget.title')}
      subtitle={step === 1 ? t('forget.subtitle') : t('forget.newSubtitle')}
      testId="forget-page"
    >
      <Steps step={step} labels={[t('form.stepVerify'), t('form.stepPassword')]} />
      {step === 1 ? (
        <form noValidate onSubmit={next} className="flex flex-col gap-4">
          <TextField
            label={t('forget.account')}
            name="account"
            autoComplete="username"
            ltrValue
            maxLength={ACCOUNT_MAX}
            placeholder={t('forget.accountPlaceholder')}
            value={account}
            onChange={(event) => setAccount(event.target.value)}
            error={errors.account}
            data-testid="forget-account"
          />
          <CodeField value={code} onChange={setCode} error={errors.code} onSend={sendCode} sender={sender} testIdPrefix="forget" />
          <FormActions call={verify} label={t('form.next')} testId="forget-next" errorTestId="forget-error" />
        </form>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <NewPasswordFields
            password={password}
            repeat={repeat}
            onPassword={setPassword}
            onRepeat={setRepeat}
            errors={errors}
            testIdPrefix="forget"
          />
          <FormActions call={reset} label={t('form.confirm')} onBack={back} testId="forget-submit" errorTestId="forget-error" />
        </form>
      )}
      <p className="mt-6 border-t border-line pt-5 text-[0.8125rem] text-muted">
        <Link to={LOGIN_PATH} className="font-medium text-brand hover:underline">
          {t('forget.backToLogin')}
        </Link>
      </p>
    </AuthCard>
  );
}
