import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS } from '@tessera/protocol';
import { NavLink } from 'react-router';
import { CloseIcon, MenuIcon, MoonIcon, SunIcon } from '../../components/icons';
import { Logo } from '../../components/Logo';
import { currentLang, currentTheme, switchLanguage, toggleTheme } from '../../app/preferences';
import { HTML_LANG, LANG_NAMES } from '../../lib/prefs';
import type { NavLinkSpec } from './nav';

/** Below the extra-large breakpoint the trading links move into a drawer from the start edge. */
export function MobileNav({ links }: { links: NavLinkSpec[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        aria-label={t('nav.openMenu')}
        data-testid="mobile-menu"
        className="-ms-1 inline-flex size-9 items-center justify-center rounded-md text-muted hover:bg-raised hover:text-fg xl:hidden"
      >
        <MenuIcon size={20} />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <Dialog.Content className="fixed inset-y-0 start-0 z-50 flex w-[min(18rem,85vw)] flex-col overflow-y-auto border-e border-line bg-surface p-4 shadow-pop outline-none">
          <div className="mb-4 flex items-center justify-between">
            <Logo />
            <Dialog.Close
              aria-label={t('common.close')}
              className="inline-flex size-9 items-center justify-center rounded-md text-muted hover:bg-raised hover:text-fg"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">{t('nav.main')}</Dialog.Title>
          <Dialog.Description className="sr-only">Tessera</Dialog.Description>
          <nav aria-label={t('nav.main')} className="flex flex-col gap-0.5">
            {links.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end={link.end ?? false}
                onClick={() => setOpen(false)}
                className={({ isActive }) =>
                  clsx(
                    'rounded-md px-3 py-2.5 text-sm font-medium',
                    isActive ? 'bg-brand-soft text-brand' : 'text-fg hover:bg-raised',
                  )
                }
              >
                {t(link.label)}
              </NavLink>
            ))}
          </nav>

          <div className="mt-4 border-t border-line pt-4">
            <button
              type="button"
              onClick={toggleTheme}
              className="flex w-full items-center gap-2.5 rounded-md px-3 py-2.5 text-sm text-fg hover:bg-raised"
            >
              {currentTheme === 'night' ? <SunIcon size={16} /> : <MoonIcon size={16} />}
              {currentTheme === 'night' ? t('header.toDay') : t('header.toNight')}
            </button>
            <p className="mt-3 px-3 pb-1 text-xs text-faint">{t('header.language')}</p>
            <ul className="grid grid-cols-2 gap-1">
              {LANGS.map((lang) => (
                <li key={lang}>
                  <button
                    type="button"
                    lang={HTML_LANG[lang]}
                    aria-current={lang === currentLang ? 'true' : undefined}
                    onClick={() => switchLanguage(lang)}
                    className={clsx(
                      'w-full rounded-md px-3 py-2 text-start text-[0.8125rem]',
                      lang === currentLang ? 'bg-brand-soft text-brand' : 'text-fg hover:bg-raised',
                    )}
                  >
                    {LANG_NAMES[lang]}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
