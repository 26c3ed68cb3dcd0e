import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CodeTarget, UserInfo } from '../../api';
import { Button, ButtonLink } from '../../components/Button';
import { AlertIcon, ShieldIcon } from '../../components/icons';
import { Loading } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { showToast } from '../../components/toast-store';
import { accountChannel } from '../../lib/forms';
import { isolateLtr } from '../../lib/format';
import { maskAccount } from '../../lib/mask';
import { AuthCard, useSession, useUserInfo } from '../auth';

export const SECURITY_PATH = '/account/accountSet';

/** Where the codes of the signed-in user go: their account, by e-mail or by SMS. */
export function ownCodeTarget(info: Pick<UserInfo, 'account' | 'country_code'>): CodeTarget | undefined {
  const channel = accountChannel(info.account, info.country_code || '86');
  return channel ? { channel, address: info.account, countryCode: info.country_code || '86' } : undefined;
}

/** Whether the signed-in user is the shared demo account (stored flag or the profile). */
export function useIsGuest(): boolean {
  const stored = useSession((state) => state.isVistor);
  const info = useUserInfo();
  return stored || info.data?.is_vistor === 1;
}

/** Refreshes what the account screens show after a change (profile, security centre). */
export function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['user'] });
}

/**
 * How the security screens end after a change: the success toast, the account refreshed, back to the
 * security settings. The reset screens end alike, so this is written once.
 */
export function useFinishSecurityChange() {
  const navigate = useNavigate();
  const refresh = useRefreshAccount();
  return async (message: string) => {
    showToast(message, 'success', 4000);
    await refresh();
    await navigate(SECURITY_PATH);
  };
}

/**
 * What the shared demo account sees instead of an action it may not take (the server refuses it
 * with `guest accounts cannot do this`). The security centre shows it as it is; other areas name
 * their own icon and texts.
 */
export function GuestNotice({ className, icon, title, body }: { className?: string; icon?: ReactNode; title?: string; body?: string }) {
  const { t } = useTranslation();
  return (
    <StatePanel
      testId="guest-notice"
      tone="brand"
      className={className}
      icon={icon ?? <ShieldIcon size={26} />}
      title={title ?? t('security.guestTitle')}
      body={body ?? t('security.guestBody')}
      actions={<ButtonLink to="/components/register">{t('auth.createAccount')}</ButtonLink>}
    />
  );
}

export function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <StatePanel
      tone="danger"
      icon={<AlertIcon size={26} />}
      title={t('common.loadFailed')}
      actions={
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

interface SecurityCardProps {
  title: string;
  /** A text, or a text naming the user's own account (masked), shown once the profile is loaded. */
  subtitle?: ReactNode | ((account: string) => ReactNode);
  testId: string;
  /** The form, given the signed-in user's profile; not shown to guests. */
  children(info: UserInfo): ReactNode;
}

/**
 * The frame of the standalone security screens (/resetPwd, /forgetsPwd, /bindEmail, /setCash):
 * the card with a way back to the security settings, the profile loaded, guests turned away.
 */
export function SecurityCard({ title, subtitle, testId, children }: SecurityCardProps) {
  const { t } = useTranslation();
  const guest = useIsGuest();
  const info = useUserInfo();
  const text =
    typeof subtitle === 'function' ? info.data && subtitle(isolateLtr(maskAccount(info.data.account))) : subtitle;
  return (
    <AuthCard
      title={title}
      subtitle={guest ? undefined : text}
      testId={testId}
      back={{ to: SECURITY_PATH, label: t('form.backToSecurity') }}
    >
      {guest ? (
        <GuestNotice className="px-0! py-2!" />
      ) : info.isPending ? (
        <Loading label={t('common.loading')} className="py-10" />
      ) : info.isError ? (
        <LoadFailed onRetry={() => void info.refetch()} />
      ) : (
        children(info.data)
      )}
    </AuthCard>
  );
}
