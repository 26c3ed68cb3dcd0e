import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { buttonClass } from '../../components/Button';
import { Logo } from '../../components/Logo';
import { useSession } from '../auth';
import { AccountMenu } from './AccountMenu';
import { LanguageMenu } from './LanguageMenu';
import { MobileNav } from './MobileNav';
import { NAV_LINKS } from './nav';
import { NotificationBell } from './NotificationBell';
import { ThemeToggle } from './ThemeToggle';

export function Header() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const isVistor = useSession((state) => state.isVistor);
  const links = NAV_LINKS.filter((link) => !(link.hideForGuest && isVistor));

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <div className="mx-auto flex h-14 max-w-[90rem] items-center gap-2 px-3 sm:px-5">
        <MobileNav links={links} />
        <Link to="/" className="me-2 shrink-0 rounded-md xl:me-4" aria-label="Tessera">
          <Logo compact />
        </Link>

        <nav aria-label={t('nav.main')} className="hidden min-w-0 flex-1 items-center gap-0.5 xl:flex">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.end ?? false}
              className={({ isActive }) =>
                clsx(
                  'rounded-md px-2.5 py-1.5 text-[0.8125rem] font-medium whitespace-nowrap transition-colors xl:px-3',
                  isActive ? 'text-fg' : 'text-muted hover:text-fg',
                )
              }
            >
              {({ isActive }) => (
                <span className="relative">
                  {t(link.label)}
                  {isActive && (
                    <span aria-hidden="true" className="absolute inset-x-0 -bottom-[1.05rem] h-0.5 rounded-full bg-brand" />
                  )}
                </span>
              )}
            </NavLink>
          ))}
        </nav>

        <div className="ms-auto flex shrink-0 items-center gap-1 sm:gap-1.5">
          {/* On phones these two live in the menu drawer, leaving room for the account buttons. */}
          <div className="hidden items-center gap-1.5 sm:flex">
            <LanguageMenu />
            <ThemeToggle />
            <span aria-hidden="true" className="mx-1 h-5 w-px bg-line" />
          </div>
          {token ? (
            <>
              <NotificationBell />
              <AccountMenu />
            </>
          ) : (
            <>
              <Link
                to="/components/login"
                data-testid="login-link"
                className={buttonClass('ghost', 'sm', 'text-fg')}
              >
                {t('header.login')}
              </Link>
              <Link to="/components/register" data-testid="register-link" className={buttonClass('primary', 'sm')}>
                {t('header.register')}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
