import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/Button';
import { CheckCircleIcon } from '../../components/icons';
import { safeNextPath, successKind, type SuccessKind } from '../../lib/outcome';

/** Where 'continue' leads after each kind of success when the link names no `next`. */
const DEFAULT_NEXT: Record<SuccessKind, string> = {
  generic: '/',
  subscription: '/uplist',
  unlock: '/uplist',
  deal: '/account/chargeRecord',
  payment: '/new_account/change',
  c2c: '/c2cOrder',
};

/**
 * `/success`: a finished action (`?what=` subscription, unlock, deal, payment, c2c, or nothing for
 * the generic text) with a way on (`?next=`, a path of this site) and a way home.
 */
export function SuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const kind = successKind(params.get('what'));
  const next = safeNextPath(params.get('next'), DEFAULT_NEXT[kind]);
  return (
    <div className="hero-glow flex flex-1 items-center justify-center px-4 py-12 sm:py-20" data-testid="success-page" data-kind={kind}>
      <div className="w-full max-w-lg rounded-2xl border border-line bg-surface px-6 py-10 text-center sm:px-10">
        <div className="mx-auto mb-5 grid size-16 place-items-center rounded-full bg-up/15 text-up">
          <CheckCircleIcon size={34} />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight text-fg">{t(`outcome.success.${kind}.title`)}</h1>
        <p className="mt-2 text-sm leading-relaxed text-muted">{t(`outcome.success.${kind}.body`)}</p>
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
          {next !== '/' && (
            <ButtonLink to={next} data-testid="success-next">
              {t(`outcome.success.${kind}.next`)}
            </ButtonLink>
          )}
          <ButtonLink to="/" variant={next === '/' ? 'primary' : 'secondary'} data-testid="success-home">
            {t('common.backHome')}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
