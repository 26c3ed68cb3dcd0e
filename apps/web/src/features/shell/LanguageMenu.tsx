import { LANGS } from '@tessera/protocol';
import { useTranslation } from 'react-i18next';
import { HoverMenu, MenuItem, MenuLabel, menuItemClass } from '../../components/HoverMenu';
import { CheckCircleIcon, GlobeIcon } from '../../components/icons';
import { HTML_LANG, LANG_NAMES } from '../../lib/prefs';
import { currentLang, switchLanguage } from '../../app/preferences';

/** The language dropdown: opens on hover, each language in its own name; choosing one reloads. */
export function LanguageMenu() {
  const { t } = useTranslation();
  return (
    <HoverMenu
      triggerLabel={t('header.language')}
      triggerTestId="lang-menu"
      triggerClassName="inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-muted hover:bg-raised hover:text-fg data-[state=open]:text-fg"
      trigger={
        <>
          <GlobeIcon />
          <span className="hidden text-[0.8125rem] xl:inline">{LANG_NAMES[currentLang]}</span>
        </>
      }
    >
      <MenuLabel className="px-3 pt-1.5 pb-1 text-xs text-faint">{t('header.language')}</MenuLabel>
      {LANGS.map((lang) => (
        <MenuItem
          key={lang}
          className={menuItemClass}
          data-testid={`lang-option-${lang}`}
          onSelect={() => switchLanguage(lang)}
        >
          <span lang={HTML_LANG[lang]} dir={lang === 'ara' ? 'rtl' : 'ltr'} className="flex-1">
            {LANG_NAMES[lang]}
          </span>
          {lang === currentLang && <CheckCircleIcon size={16} className="text-brand" aria-label="✓" />}
        </MenuItem>
      ))}
    </HoverMenu>
  );
}
