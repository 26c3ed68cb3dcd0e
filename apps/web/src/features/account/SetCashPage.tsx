import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apitip, securityApi } from '../../api';
import { ButtonLink } from '../../components/Button';
import { PasswordField } from '../../components/PasswordField';
import { CheckCircleIcon } from '../../components/icons';
import { Loading } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { checkPayPassword } from '../../lib/forms';
import { FormActions, useSecondFactor, useUserCenter } from '../auth';
import { LoadFailed, SecurityCard, useFinishSecurityChange } from './common';
import { FundPasswordFields } from './FundPasswordFields';

/** `/setCash`: the first six-digit fund password; once set, a way to reset it instead. */
export function SetCashPage() {
  const { t } = useTranslation();
  return (
    <SecurityCard title={t('setCash.title')} subtitle={t('setCash.subtitle')} testId="set-cash-page">
      {() => <SetCashBody />}
    </SecurityCard>
  );
}

function SetCashBody() {
  const { t } = useTranslation();
  const center = useUserCenter();
  if (center.isPending) return <Loading label={t('common.loading')} className="py-10" />;
  if (center.isError) return <LoadFailed onRetry={() => void center.refetch()} />;
  if (center.data.pay_password_set === 1) {
    return (
      <StatePanel
        testId="cash-already-set"
        tone="brand"
        className="px-0! py-2!"
        icon={<CheckCircleIcon size={26} />}
        title={t('setCash.alreadyTitle')}
        body={t('setCash.alreadyBody')}
        actions={
          <ButtonLink to="/forgetsPwd" data-testid="cash-reset-link">
            {t('setCash.reset')}
          </ButtonLink>
        }
      />
    );
  }
  return <SetCashForm />;
}

/** The fund password, proved with the login password: a session alone may not set it. */
function SetCashForm() {
  const { t } = useTranslation();
  const finish = useFinishSecurityChange();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [loginPassword, setLoginPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string; loginPassword?: string }>({});
  const second = useSecondFactor('cash');
  const save = useMutation({
    mutationFn: () => securityApi.setPayPassword({ password, repassword: repeat, login_password: loginPassword, ...second.params }),
    onSuccess: () => finish(t('setCash.success')),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkPayPassword(password, repeat);
    const missingLogin = loginPassword ? undefined : apitip('enter password');
    setErrors({ password: found.password && apitip(found.password), repeat: found.repeat && apitip(found.repeat), loginPassword: missingLogin });
    if (!second.check() || found.password || found.repeat || missingLogin) return;
    save.mutate();
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FundPasswordFields
        password={password}
        repeat={repeat}
        onPassword={setPassword}
        onRepeat={setRepeat}
        errors={errors}
        testIdPrefix="cash"
      />
      <PasswordField
        label={t('setCash.loginPassword')}
        name="current-password"
        autoComplete="current-password"
        maxLength={16}
        placeholder={t('setCash.loginPasswordPlaceholder')}
        value={loginPassword}
        onChange={(event) => setLoginPassword(event.target.value)}
        error={errors.loginPassword}
        data-testid="cash-login-password"
      />
      {second.field}
      <FormActions call={save} label={t('form.confirm')} testId="cash-submit" errorTestId="cash-error" />
    </form>
  );
}
