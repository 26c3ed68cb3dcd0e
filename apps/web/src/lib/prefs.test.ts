import { describe, expect, it } from 'vitest';
import { LANGS } from '@tessera/protocol';
import {
  HTML_LANG,
  LANG_NAMES,
  clearKeepingPrefs,
  langFromStored,
  storedFromTheme,
  textDirection,
  themeFromStored,
  type KeyValueStore,
} from './prefs';

function memoryStore(initial: Record<string, string>): KeyValueStore & { dump(): Record<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
    key: (index) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    },
    dump: () => Object.fromEntries(map),
  };
}

describe('clearKeepingPrefs', () => {
  it('clears the session but keeps language and display mode', () => {
    const store = memoryStore({
      token: 't',
      user_id: '7',
      accountNum: '13812345678',
      is_vistor: '0',
      is_seller: '0',
      extension_code: 'ABC',
      legal_id: '3',
      locale: 'ara',
      lang: 'ara',
      night_mode: '0',
    });
    clearKeepingPrefs(store);
    expect(store.dump()).toEqual({ locale: 'ara', lang: 'ara', night_mode: '0' });
  });

  it('does not invent values that were not stored', () => {
    const store = memoryStore({ token: 't' });
    clearKeepingPrefs(store);
    expect(store.dump()).toEqual({});
  });
});

describe('language helpers', () => {
  it('names and tags every language', () => {
    for (const lang of LANGS) {
      expect(LANG_NAMES[lang]).toBeTruthy();
      expect(HTML_LANG[lang]).toBeTruthy();
    }
  });

  it('writes only Arabic right to left', () => {
    expect(LANGS.filter((lang) => textDirection(lang) === 'rtl')).toEqual(['ara']);
  });

  it('falls back to English for a missing or unknown stored language', () => {
    expect(langFromStored(null)).toBe('en');
    expect(langFromStored('fr')).toBe('en');
    expect(langFromStored('kr')).toBe('kr');
  });
});

describe('theme helpers', () => {
  it('defaults to night and round-trips the stored flag', () => {
    expect(themeFromStored(null)).toBe('night');
    expect(themeFromStored(storedFromTheme('day'))).toBe('day');
    expect(themeFromStored(storedFromTheme('night'))).toBe('night');
  });
});
