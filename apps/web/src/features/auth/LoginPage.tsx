import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError, apitip, userApi } from '../../api';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/PasswordField';
import { TextField } from '../../components/TextField';
import { AuthCard, FormAlert } from './AuthCard';
import { errorText } from './errors';
import { completeSignIn } from './flows';
import { GoogleCodeField } from './GoogleCodeField';

const ACCOUNT_MAX = 120;
const PASSWORD_MAX = 16;
const PASSWORD_MIN = 6;

interface FieldErrors {
  account?: string;
  password?: string;
  googleCode?: string;
}

/** Client checks of the login form; messages are catalogue keys rendered through apitip. */
function validate(account: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!account.trim()) errors.account = apitip('enter account');
  if (password.length < PASSWORD_MIN) errors.password = apitip('password must be 6 to 16 letters or digits');
  return errors;
}

function accountFromState(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('account' in state)) return '';
  return typeof state.account === 'string' ? state.account : '';
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // After registering or resetting the password, the account arrives with the navigation.
  const [account, setAccount] = useState(() => accountFromState(location.state));
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // An account with an authenticator: the password was right, the second step asks for its code.
  const [secondStep, setSecondStep] = useState(false);
  const [googleCode, setGoogleCode] = useState('');

  const login = useMutation({
    mutationFn: async (input: { account: string; password: string; googleCode?: string }) => {
      const result = await userApi.login(input.account, input.password, undefined, input.googleCode);
      await completeSignIn(result);
    },
    onSuccess: () => navigate('/'),
    onError: (error) => {
      if (error instanceof ApiError && error.key === 'google code required') setSecondStep(true);
    },
  });
  const askingForCode = login.error instanceof ApiError && login.error.key === 'google code required';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(account, password);
    setErrors(found);
    if (found.account || found.password) return;
    if (secondStep && !googleCode.trim()) {
      setErrors({ ...found, googleCode: apitip('google code required') });
      return;
    }
    login.mutate({ account: account.trim(), password, ...(secondStep ? { googleCode: googleCode.trim() } : {}) });
  }

  return (
    <AuthCard title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label={t('auth.account')}
          name="account"
          autoComplete="username"
          inputMode="email"
          ltrValue
          maxLength={ACCOUNT_MAX}
          placeholder={t('auth.accountPlaceholder')}
          value={account}
          onChange={(event) => setAccount(event.target.value)}
          error={errors.account}
          data-testid="login-account"
        />
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          placeholder={t('auth.passwordPlaceholder')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          data-testid="login-password"
        />
        {secondStep && (
          <div className="flex flex-col gap-1.5" data-testid="login-second-step">
            <p className="text-[0.8125rem] text-muted">{t('protection.loginSecondStep')}</p>
            <GoogleCodeField value={googleCode} onChange={setGoogleCode} error={errors.googleCode} testIdPrefix="login" autoFocus />
          </div>
        )}
        <div className="-mt-1 flex justify-end">
          <Link to="/forgetPwd" className="text-[0.8125rem] text-brand hover:underline">
            {t('auth.forgot')}
          </Link>
        </div>
        {/* A lock reads "Account is locked, can't do this before <local time>" (apitip). */}
        {login.isError && !askingForCode && <FormAlert testId="login-error">{errorText(login.error)}</FormAlert>}
        <Button type="submit" size="lg" busy={login.isPending} data-testid="login-submit" className="w-full">
          {login.isPending ? t('auth.submitting') : t('auth.submit')}
        </Button>
      </form>
      <div className="mt-6 flex flex-col gap-2 border-t border-line pt-5 text-[0.8125rem] text-muted">
        <p>
          {t('auth.noAccount')}{' '}
          <Link to="/components/register" className="font-medium text-brand hover:underline">
            {t('auth.createAccount')}
          </Link>
        </p>
        <p>
          <Link to="/components/loginTourist" className="font-medium text-fg hover:text-brand">
            {t('auth.tryDemo')}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
