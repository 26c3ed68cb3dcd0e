import 'i18next';
import type en from './locales/en.json';

// Keys are checked at compile time against the English catalogue; a test keeps the others in step.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}
