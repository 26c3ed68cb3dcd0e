import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import type { RouteHandle } from '../../app/pages';
import { Footer } from './Footer';
import { Header } from './Header';

/** Header, page and footer around every screen. */
export function ShellLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-brand px-3 py-2 text-brand-fg focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
      >
        {t('common.skipToContent')}
      </a>
      <NavigationProgress />
      <DocumentTitle />
      <Header />
      <main id="main" className="flex flex-1 flex-col">
        {children ?? <Outlet />}
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}

/** A thin bar at the top while a lazy screen loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden" role="progressbar" aria-hidden="true">
      <div className="h-full w-1/3 nav-progress bg-brand" />
    </div>
  );
}

function DocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  let page: RouteHandle['page'];
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.page) page = handle.page;
  }
  const title = page && page !== 'home' ? `${t(`page.${page}`)} · Tessera` : 'Tessera';
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
