import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { UserCenter } from '../../api';
import {
  AuthenticatorIcon,
  IdCardIcon,
  KeyIcon,
  LockIcon,
  MailIcon,
  PhoneIcon,
  ShieldIcon,
} from '../../components/icons';
import { Skeleton } from '../../components/Spinner';
import { strengthLevel, type StrengthLevel } from '../../lib/forms';
import { maskAccount } from '../../lib/mask';
import { useUserCenter } from '../auth';
import { GuestNotice, LoadFailed, useIsGuest } from './common';
import { ProtectionItems } from './ProtectionItems';
import { ActionLink, Item, type Tone } from './SecurityItem';

const LEVEL_COLOUR: Record<StrengthLevel, string> = {
  low: 'bg-down',
  intermediate: 'bg-warn',
  high: 'bg-brand',
  strong: 'bg-up',
};

const LEVEL_TEXT: Record<StrengthLevel, string> = {
  low: 'text-down',
  intermediate: 'text-warn',
  high: 'text-brand',
  strong: 'text-up',
};

/** `/account/accountSet`: the security centre from `user/center`. */
export function SecurityCentrePage() {
  const { t } = useTranslation();
  const center = useUserCenter();
  const guest = useIsGuest();

  return (
    <div className="flex flex-col gap-4" data-testid="security-centre">
      <h2 className="sr-only">{t('page.accountSet')}</h2>
      {center.isPending ? (
        <div className="rounded-xl border border-line bg-surface p-5 sm:p-6" aria-busy="true">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="mt-4 h-2 w-full" />
          <Skeleton className="mt-8 h-12 w-full" />
          <Skeleton className="mt-3 h-12 w-full" />
          <Skeleton className="mt-3 h-12 w-full" />
        </div>
      ) : center.isError ? (
        <div className="rounded-xl border border-line bg-surface">
          <LoadFailed onRetry={() => void center.refetch()} />
        </div>
      ) : (
        <>
          <StrengthCard center={center.data} />
          {guest && (
            <div className="rounded-xl border border-line bg-surface">
              <GuestNotice />
            </div>
          )}
          <SecurityItems center={center.data} guest={guest} />
        </>
      )}
    </div>
  );
}

function StrengthCard({ center }: { center: UserCenter }) {
  const { t } = useTranslation();
  const percent = Math.max(0, Math.min(100, center.strength));
  const level = strengthLevel(percent);
  const levelLabel = t(`security.level.${level}`);
  return (
    <section className="rounded-xl border border-line bg-surface p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-soft text-brand">
          <ShieldIcon size={22} />
        </span>
        <div className="min-w-0 flex-1 basis-40">
          <p className="text-xs text-faint">{t('security.account')}</p>
          <p className="num truncate text-[0.9375rem] font-medium text-fg">
            <bdi dir="ltr">{maskAccount(center.account)}</bdi>
          </p>
        </div>
        <div className="ms-auto text-end">
          <p className="text-xs text-faint">{t('security.strength')}</p>
          <p className={clsx('text-[0.9375rem] font-semibold', LEVEL_TEXT[level])} data-testid="security-strength-label">
            {levelLabel}{' '}
            <span className="num text-muted">
              · <span dir="ltr">{percent}%</span>
            </span>
          </p>
        </div>
      </div>
      <div
        role="meter"
        aria-label={t('security.strength')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% · ${levelLabel}`}
        data-testid="security-strength"
        data-value={percent}
        className="mt-4 grid grid-cols-4 gap-1.5"
      >
        {[25, 50, 75, 100].map((step) => (
          <span
            key={step}
            className={clsx('h-1.5 rounded-full transition-colors', step <= percent ? LEVEL_COLOUR[level] : 'bg-raised')}
          />
        ))}
      </div>
      {percent < 100 && <p className="mt-3 text-[0.8125rem] text-muted">{t('security.strengthHint')}</p>}
    </section>
  );
}

function SecurityItems({ center, guest }: { center: UserCenter; guest: boolean }) {
  const { t } = useTranslation();
  const identity = identityStatus(center);
  const identityText = {
    none: t('security.notVerified'),
    pending: t('security.pending'),
    verified: t('security.verified'),
    rejected: t('security.rejected'),
  }[identity];
  const identityTone: Tone = { none: 'off', pending: 'warn', verified: 'ok', rejected: 'bad' }[identity] as Tone;

  return (
    <section className="rounded-xl border border-line bg-surface">
      <h3 className="border-b border-line px-4 py-3.5 text-[0.9375rem] font-semibold text-fg sm:px-6">
        {t('security.itemsTitle')}
      </h3>
      <ul className="divide-y divide-line">
        <Item
          id="login"
          icon={<KeyIcon />}
          title={t('security.loginPassword')}
          body={t('security.loginPasswordBody')}
          action={!guest && <ActionLink to="/resetPwd" id="login">{t('security.change')}</ActionLink>}
        />
        <Item
          id="fund"
          icon={<LockIcon />}
          title={t('security.fundPassword')}
          body={t('security.fundPasswordBody')}
          status={
            center.pay_password_set === 1
              ? { text: t('security.isSet'), tone: 'ok' }
              : { text: t('security.notSet'), tone: 'off' }
          }
          action={
            !guest &&
            (center.pay_password_set === 1 ? (
              <ActionLink to="/forgetsPwd" id="fund">{t('security.reset')}</ActionLink>
            ) : (
              <ActionLink to="/setCash" id="fund">{t('security.set')}</ActionLink>
            ))
          }
        />
        <Item
          id="email"
          icon={<MailIcon />}
          title={t('security.email')}
          body={t('security.emailBody')}
          status={
            center.email
              ? { text: maskAccount(center.email), tone: 'ok', ltr: true }
              : { text: t('security.notBound'), tone: 'off' }
          }
          action={!guest && !center.email && <ActionLink to="/bindEmail" id="email">{t('security.bind')}</ActionLink>}
        />
        <Item
          id="phone"
          icon={<PhoneIcon />}
          title={t('security.phone')}
          body={t('security.phoneBody')}
          status={
            center.phone
              ? { text: maskAccount(center.phone), tone: 'ok', ltr: true }
              : { text: t('security.notBound'), tone: 'off' }
          }
        />
        <Item
          id="google"
          icon={<AuthenticatorIcon />}
          title={t('security.google')}
          body={t('security.googleBody')}
          status={center.google_bind === 1 ? { text: t('protection.bound'), tone: 'ok' } : { text: t('security.notBound'), tone: 'off' }}
          action={
            !guest && (
              <ActionLink to="/google_bind" id="google">
                {center.google_bind === 1 ? t('protection.manage') : t('security.bind')}
              </ActionLink>
            )
          }
        />
        <Item
          id="identity"
          icon={<IdCardIcon />}
          title={t('security.identity')}
          body={t('security.identityBody')}
          status={{ text: identityText, tone: identityTone }}
          action={
            !guest && (
              <ActionLink to="/account/authentication" id="identity">
                {identity === 'none' || identity === 'rejected' ? t('security.verify') : t('security.view')}
              </ActionLink>
            )
          }
        />
        {!guest && <ProtectionItems authenticatorBound={center.google_bind === 1} renderItem={(item) => <Item key={item.id} {...item} />} />}
      </ul>
    </section>
  );
}

function identityStatus(center: UserCenter): 'none' | 'pending' | 'verified' | 'rejected' {
  if (center.review_status === 2) return 'verified';
  if (center.review_status === 1) return 'pending';
  return center.reject_reason ? 'rejected' : 'none';
}
