import { useTranslation } from 'react-i18next';
import type { PageKey } from '../../app/pages';
import { ButtonLink } from '../../components/Button';
import { HourglassIcon } from '../../components/icons';
import { StatePanel } from '../../components/StatePanel';

/**
 * The state of a screen whose feature is not released yet: its name, a clear "not available yet"
 * line and a way on. It never shows sample figures.
 */
function NotAvailableState({ page, as }: { page: PageKey; as: 'h1' | 'h2' }) {
  const { t } = useTranslation();
  return (
    <StatePanel
      as={as}
      testId="not-available"
      tone="brand"
      icon={<HourglassIcon size={26} />}
      eyebrow={t('soon.eyebrow')}
      title={t(`page.${page}`)}
      body={
        <>
          <p>{t('soon.body')}</p>
          <p className="mt-1 text-faint">{t('soon.noData')}</p>
        </>
      }
      actions={
        <>
          <ButtonLink to="/">{t('common.backHome')}</ButtonLink>
          <ButtonLink to="/noticeList" variant="secondary">
            {t('soon.announcements')}
          </ButtonLink>
        </>
      }
    />
  );
}

/** A whole screen of a later release, between the header and the footer. */
export function NotAvailablePage({ page }: { page: PageKey }) {
  return (
    <div className="hero-glow flex flex-1 items-center justify-center px-4 py-12 sm:py-20">
      <div className="w-full max-w-xl rounded-2xl border border-line bg-surface">
        <NotAvailableState page={page} as="h1" />
      </div>
    </div>
  );
}

/** A page of the account centre or the assets area, beside their side navigation. */
export function NotAvailablePanel({ page }: { page: PageKey }) {
  return (
    <div className="rounded-xl border border-line bg-surface">
      <NotAvailableState page={page} as="h2" />
    </div>
  );
}
