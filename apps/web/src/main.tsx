import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from './api';
import { App } from './app/App';
import { currentLang, currentTheme } from './app/preferences';
import { router } from './app/router';
import { createNotLoggedInHandler } from './app/session-expiry';
import { getToken } from './features/auth/session';
import { startI18n } from './i18n';
import { HTML_LANG, textDirection } from './lib/prefs';
import './styles.css';

// index.html already set these before first paint; set them again in case storage held junk.
const root = document.documentElement;
root.lang = HTML_LANG[currentLang];
root.dir = textDirection(currentLang);
root.dataset.theme = currentTheme;

configureApi({
  getToken,
  getLang: () => currentLang,
  onNotLoggedIn: createNotLoggedInHandler((path) => router.navigate(path)),
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

startI18n(currentLang)
  .catch((cause: unknown) => console.error('[i18n] catalogue failed to load', cause))
  .finally(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
