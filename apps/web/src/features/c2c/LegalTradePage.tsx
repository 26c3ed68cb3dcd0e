import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckCircleIcon, IdCardIcon, LedgerIcon, ScaleIcon, SwapIcon, WalletIcon } from '../../components/icons';
import { cashWays } from '../../lib/trading/c2c';
import { useUserCenter } from '../auth';
import { C2cScreen, WayIcons } from './common';
import { IDENTITY_PATH, PAYMENT_METHODS_PATH, useCashInfo, useC2cLive } from './queries';

/**
 * `/legalTrade`: the fiat-trading hub. Whether the user may trade yet (identity verified, payment
 * methods saved: the two refusals 998 and 997 otherwise), and the way to each c2c screen.
 */
export function LegalTradePage() {
  const { t } = useTranslation();
  useC2cLive();
  const center = useUserCenter();
  const cash = useCashInfo();
  const verified = center.data?.review_status === 2;
  const ways = cash.data ? cashWays(cash.data) : [];

  return (
    <C2cScreen title={t('page.legalTrade')} subtitle={t('c2c.hub.subtitle')} testId="c2c-hub">
      <div className="flex flex-col gap-5 px-4 py-5 sm:px-6">
        <div className="grid gap-3 sm:grid-cols-2">
          <Readiness
            done={verified}
            testId="hub-identity"
            icon={<IdCardIcon size={20} />}
            title={t('c2c.hub.identity')}
            body={t(verified ? 'c2c.hub.identityDone' : 'c2c.hub.identityTodo')}
            to={IDENTITY_PATH}
            action={t('c2c.hub.verify')}
          />
          <Readiness
            done={ways.length > 0}
            testId="hub-payment"
            icon={<WalletIcon size={20} />}
            title={t('c2c.cash.title')}
            body={ways.length > 0 ? <WayIcons ways={ways} /> : t('c2c.hub.paymentTodo')}
            to={PAYMENT_METHODS_PATH}
            action={t(ways.length > 0 ? 'c2c.hub.edit' : 'c2c.hub.add')}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <Destination to="/fiatradCenter" icon={<SwapIcon size={20} />} title={t('c2c.nav.market')} body={t('c2c.hub.marketBody')} />
          <Destination to="/c2c" icon={<ScaleIcon size={20} />} title={t('c2c.nav.publish')} body={t('c2c.hub.publishBody')} />
          <Destination to="/c2cOrder" icon={<LedgerIcon size={20} />} title={t('c2c.nav.myOrders')} body={t('c2c.hub.ordersBody')} />
        </div>
        <ul className="list-disc ps-5 text-[0.8125rem] text-muted">
          <li>{t('c2c.hub.ruleWindow')}</li>
          <li>{t('c2c.hub.ruleCancels')}</li>
          <li>{t('c2c.hub.ruleUnfinished')}</li>
        </ul>
      </div>
    </C2cScreen>
  );
}

function Readiness({ done, icon, title, body, to, action, testId }: { done: boolean; icon: ReactNode; title: string; body: ReactNode; to: string; action: string; testId: string }) {
  return (
    <div className={clsx('flex items-start gap-3 rounded-lg border px-4 py-3', done ? 'border-up/40' : 'border-warn/40')} data-testid={testId} data-done={done}>
      <span className={clsx('mt-0.5', done ? 'text-up' : 'text-warn')}>{done ? <CheckCircleIcon size={20} /> : icon}</span>
      <div className="min-w-0 flex-1">
        <p className="text-[0.875rem] font-medium text-fg">{title}</p>
        <div className="mt-0.5 text-[0.8125rem] text-muted">{body}</div>
      </div>
      <Link to={to} className="shrink-0 text-[0.8125rem] font-medium text-brand hover:underline">
        {action}
      </Link>
    </div>
  );
}

function Destination({ to, icon, title, body }: { to: string; icon: ReactNode; title: string; body: string }) {
  return (
    <Link to={to} className="flex flex-col gap-1.5 rounded-lg border border-line px-4 py-3 transition-colors hover:border-brand">
      <span className="flex items-center gap-2 text-[0.875rem] font-medium text-fg">
        <span className="text-brand">{icon}</span>
        {title}
      </span>
      <span className="text-[0.8125rem] text-muted">{body}</span>
    </Link>
  );
}
