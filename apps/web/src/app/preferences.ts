import type { Lang } from '@tessera/protocol';
import { STORAGE_KEYS, langFromStored, storedFromTheme, themeFromStored, type Theme } from '../lib/prefs';

/** localStorage that never throws (private modes, disabled storage): reads give null, writes are lost. */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch (cause) {
      console.error('[storage] cannot store', key, cause);
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // nothing stored, nothing to remove
    }
  },
};

/**
 * The language and theme of this page. Both change only through a reload, so they are
 * read once at start-up.
 */
export const currentLang: Lang = langFromStored(storage.get(STORAGE_KEYS.lang));
export const currentTheme: Theme = themeFromStored(storage.get(STORAGE_KEYS.nightMode));

export function switchLanguage(lang: Lang): void {
  if (lang === currentLang) return;
  storage.set(STORAGE_KEYS.locale, lang);
  storage.set(STORAGE_KEYS.lang, lang);
  window.location.reload();
}

export function toggleTheme(): void {
  storage.set(STORAGE_KEYS.nightMode, storedFromTheme(currentTheme === 'night' ? 'day' : 'night'));
  window.location.reload();
}
