import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Side } from '../../../lib/trading/order';

/** The buy or sell button for a signed-in trader; a visitor sees "log in or register to start" instead. */
export function SubmitButton({ side, label, signedIn, busy }: { side: Side; label: string; signedIn: boolean; busy: boolean }) {
  if (!signedIn) return <LoginPrompt testId={`${side}-login-prompt`} />;
  return (
    <button
      type="submit"
      data-testid={`${side}-submit`}
      disabled={busy}
      className={clsx(
        'h-10 rounded-md text-sm font-semibold text-white transition-opacity hover:opacity-90 disabled:opacity-55',
        side === 'buy' ? 'bg-up' : 'bg-down',
      )}
    >
      {label}
    </button>
  );
}

function LoginPrompt({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId} className="flex h-10 items-center justify-center gap-1.5 rounded-md bg-raised text-[0.8125rem] text-muted">
      <Link to="/components/login" className="font-medium text-brand hover:underline">
        {t('header.login')}
      </Link>
      <span>{t('trade.or')}</span>
      <Link to="/components/register" className="font-medium text-brand hover:underline">
        {t('header.register')}
      </Link>
      <span>{t('trade.toStart')}</span>
    </div>
  );
}
