import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@tessera/protocol';

type Catalogue = Record<string, unknown>;

/** One lazy chunk per locale: only the visitor's language is downloaded. */
const loaders = import.meta.glob<Catalogue>('./locales/*.json', { import: 'default' });

/**
 * Loads the catalogue of `lang` and starts i18next with it. The language only changes by a reload
 * (switching stores the choice and reloads), so one catalogue is all a page needs.
 */
export async function startI18n(lang: Lang): Promise<void> {
  const load = loaders[`./locales/${lang}.json`] ?? loaders['./locales/en.json'];
  if (!load) throw new Error(`no catalogue for ${lang}`);
  const translation = await load();
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation } },
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
}

export { i18next };
