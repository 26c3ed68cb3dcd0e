import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apitip, protectionApi } from '../../api';
import { Button } from '../../components/Button';
import { CheckCircleIcon } from '../../components/icons';
import { PasswordField } from '../../components/PasswordField';
import { Loading } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { TextField } from '../../components/TextField';
import { showToast } from '../../components/toast-store';
import { FormActions, GoogleCodeField, useSession } from '../auth';
import { LoadFailed, SECURITY_PATH, SecurityCard } from './common';
import { useProtection, useRefreshProtection } from './protection-queries';

/**
 * `/google_bind`: binds an authenticator app (scan the QR code or type the secret, then confirm
 * with a code; the ten recovery codes are shown once), or removes the bound one with a code.
 */
export function GoogleBindPage() {
  const { t } = useTranslation();
  return (
    <SecurityCard title={t('protection.bindTitle')} subtitle={t('protection.bindSubtitle')} testId="google-bind-page">
      {() => <GoogleBindBody />}
    </SecurityCard>
  );
}

function GoogleBindBody() {
  const { t } = useTranslation();
  const protection = useProtection();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} />;
  if (protection.isPending) return <Loading label={t('common.loading')} className="py-10" />;
  if (protection.isError) return <LoadFailed onRetry={() => void protection.refetch()} />;
  return protection.data.google_bind === 1 ? <UnbindForm codesLeft={protection.data.recovery_codes_left} /> : <BindForm onBound={setRecoveryCodes} />;
}

function BindForm({ onBound }: { onBound(codes: string[]): void }) {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const refresh = useRefreshProtection();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string }>({});
  const secret = useQuery({
    queryKey: ['user', 'google-secret', token],
    queryFn: ({ signal }) => protectionApi.secret({ signal }),
    staleTime: Infinity,
  });
  const bind = useMutation({
    mutationFn: () => protectionApi.bind(code.trim(), password),
    onSuccess: async (reply) => {
      onBound(reply.recovery_codes);
      await refresh();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      code: /^\d{6}$/.test(code.trim()) ? undefined : apitip('google code required'),
      password: password ? undefined : apitip('enter password'),
    };
    setErrors(found);
    if (!found.code && !found.password) bind.mutate();
  }

  if (secret.isPending) return <Loading label={t('common.loading')} className="py-10" />;
  if (secret.isError) return <LoadFailed onRetry={() => void secret.refetch()} />;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-1 ps-5 text-[0.8125rem] text-muted">
        <li>{t('protection.bindStep1')}</li>
        <li>{t('protection.bindStep2')}</li>
        <li>{t('protection.bindStep3')}</li>
      </ol>
      <div className="flex flex-col items-center gap-3 rounded-lg border border-line bg-raised p-4">
        <img src={secret.data.qr_code} alt={t('protection.qrAlt')} width={192} height={192} className="rounded bg-white p-1" data-testid="google-qr" />
        <p className="text-xs text-faint">{t('protection.secretLabel')}</p>
        <code className="num text-[0.9375rem] font-semibold tracking-wider break-all text-fg select-all" dir="ltr" data-testid="google-secret">
          {secret.data.secret}
        </code>
      </div>
      <TextField
        label={t('protection.bindCode')}
        name="google-bind-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        ltrValue
        maxLength={6}
        placeholder={t('form.codePlaceholder')}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        error={errors.code}
        data-testid="google-bind-code"
      />
      <PasswordField
        label={t('setCash.loginPassword')}
        name="current-password"
        autoComplete="current-password"
        maxLength={16}
        placeholder={t('setCash.loginPasswordPlaceholder')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        data-testid="google-bind-password"
      />
      <FormActions call={bind} label={t('protection.bindSubmit')} testId="google-bind-submit" errorTestId="google-bind-error" />
    </form>
  );
}

/** The ten recovery codes, shown this once: each stands in for an authenticator code, once. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-4" data-testid="recovery-codes">
      <StatePanel
        tone="brand"
        className="px-0! py-2!"
        icon={<CheckCircleIcon size={26} />}
        title={t('protection.boundTitle')}
        body={t('protection.recoveryBody')}
      />
      <ul className="grid grid-cols-2 gap-2 rounded-lg border border-line bg-raised p-4" dir="ltr">
        {codes.map((code) => (
          <li key={code} className="num text-center text-[0.9375rem] font-medium text-fg select-all" data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <Button size="lg" className="w-full" data-testid="recovery-done" onClick={() => void navigate(SECURITY_PATH)}>
        {t('protection.recoverySaved')}
      </Button>
    </div>
  );
}

function UnbindForm({ codesLeft }: { codesLeft: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshProtection();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const unbind = useMutation({
    mutationFn: () => protectionApi.unbind(code.trim()),
    onSuccess: async () => {
      showToast(t('protection.unbound'), 'success', 4000);
      await refresh();
      await navigate(SECURITY_PATH);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = code.trim() ? undefined : apitip('google code required');
    setError(problem);
    if (!problem) unbind.mutate();
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="google-unbind-form">
      <p className="text-[0.8125rem] text-muted">{t('protection.boundBody', { left: codesLeft })}</p>
      <GoogleCodeField value={code} onChange={setCode} error={error} testIdPrefix="unbind" />
      <FormActions call={unbind} label={t('protection.unbindSubmit')} testId="google-unbind-submit" errorTestId="google-unbind-error" />
    </form>
  );
}
