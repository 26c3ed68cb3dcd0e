import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import type { PageKey } from '../../app/pages';
import { useIsGuest } from './common';

type Area = 'account' | 'new_account';

/**
 * The side navigation of each area; the assets area also lists the fiat and micro
 * accounts, whose lists would otherwise be reachable only from the overview.
 */
const AREA_NAV: Record<Area, PageKey[]> = {
  account: ['accountSet', 'sessions', 'transferLog', 'authentication', 'accountEntrust', 'accountMessage', 'aceite', 'chargeRecord', 'region', 'apiKeys'],
  new_account: ['letransactions', 'finance', 'change', 'legal', 'micro', 'transferLegal', 'proof'],
};

/** Hidden for the shared demo account (the assets overview and the transfer link). */
const HIDDEN_FOR_GUEST: ReadonlySet<PageKey> = new Set(['letransactions', 'transferLegal', 'apiKeys', 'sessions']);

const AREA_TITLE = { account: 'area.account', new_account: 'area.assets' } as const;

/** The account centre and the assets area: a side navigation (a tab row on phones) and the page. */
export function AreaLayout({ area }: { area: Area }) {
  const { t } = useTranslation();
  const guest = useIsGuest();
  const pages = AREA_NAV[area].filter((page) => !(guest && HIDDEN_FOR_GUEST.has(page)));
  return (
    <div className="mx-auto grid w-full max-w-[90rem] flex-1 grid-cols-[minmax(0,1fr)] content-start gap-4 px-3 py-4 sm:px-5 sm:py-6 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-6">
      <aside className="lg:sticky lg:top-20 lg:self-start">
        <h1 className="mb-3 hidden px-3 text-xs font-semibold tracking-wide text-faint uppercase lg:block">
          {t(AREA_TITLE[area])}
        </h1>
        <nav
          aria-label={t(AREA_TITLE[area])}
          className="-mx-3 flex gap-1 overflow-x-auto px-3 pb-1 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0 lg:pb-0"
        >
          {pages.map((page) => (
            <NavLink
              key={page}
              to={`/${area}/${page}`}
              data-testid={`area-nav-${page}`}
              className={({ isActive }) =>
                clsx(
                  'shrink-0 rounded-md px-3 py-2 text-[0.8125rem] font-medium whitespace-nowrap transition-colors',
                  isActive ? 'bg-brand-soft text-brand' : 'text-muted hover:bg-raised hover:text-fg',
                )
              }
            >
              {t(`page.${page}`)}
            </NavLink>
          ))}
        </nav>
      </aside>
      <section className="min-w-0">
        <Outlet />
      </section>
    </div>
  );
}
