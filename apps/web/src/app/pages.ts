import type en from '../i18n/locales/en.json';

/** A page named in the catalogue (`page.<key>`): its title in the header, the tab and placeholders. */
export type PageKey = keyof typeof en.page;

/** Route metadata read by the shell (document title). */
export interface RouteHandle {
  page?: PageKey;
}
