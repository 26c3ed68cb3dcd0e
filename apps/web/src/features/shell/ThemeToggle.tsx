import { useTranslation } from 'react-i18next';
import { MoonIcon, SunIcon } from '../../components/icons';
import { currentTheme, toggleTheme } from '../../app/preferences';

/** Day/night switch: stores `night_mode` and reloads. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const label = currentTheme === 'night' ? t('header.toDay') : t('header.toNight');
  return (
    <button
      type="button"
      data-testid="theme-toggle"
      aria-label={label}
      title={label}
      onClick={toggleTheme}
      className="inline-flex size-9 items-center justify-center rounded-md text-muted hover:bg-raised hover:text-fg"
    >
      {currentTheme === 'night' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
