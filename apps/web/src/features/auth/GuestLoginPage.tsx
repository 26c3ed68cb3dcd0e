import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { userApi } from '../../api';
import { Button } from '../../components/Button';
import { InfoIcon } from '../../components/icons';
import { AuthCard, FormAlert } from './AuthCard';
import { signInErrorText } from './errors';
import { completeSignIn } from './flows';

/** Guest login into the shared demo account. */
export function GuestLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const guest = useMutation({
    mutationFn: async () => completeSignIn(await userApi.guestLogin()),
    onSuccess: () => navigate('/'),
  });

  return (
    <AuthCard title={t('auth.guestTitle')} subtitle={t('auth.guestBody')}>
      <div className="flex flex-col gap-4">
        <div className="flex gap-3 rounded-lg border border-line bg-raised p-3.5 text-[0.8125rem] text-muted">
          <InfoIcon size={18} className="mt-px shrink-0 text-brand" />
          <p>{t('auth.guestLimits')}</p>
        </div>
        {guest.isError && <FormAlert>{signInErrorText(guest.error)}</FormAlert>}
        <Button
          size="lg"
          className="w-full"
          busy={guest.isPending}
          data-testid="guest-login"
          onClick={() => guest.mutate()}
        >
          {guest.isPending ? t('auth.guestSubmitting') : t('auth.guestSubmit')}
        </Button>
      </div>
      <p className="mt-6 border-t border-line pt-5 text-[0.8125rem] text-muted">
        {t('auth.haveAccount')}{' '}
        <Link to="/components/login" className="font-medium text-brand hover:underline">
          {t('auth.useOwnAccount')}
        </Link>
      </p>
    </AuthCard>
  );
}
