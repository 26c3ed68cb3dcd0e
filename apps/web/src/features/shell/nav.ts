import type en from '../../i18n/locales/en.json';

export interface NavLinkSpec {
  to: string;
  label: `nav.${keyof typeof en.nav}`;
  /** Hidden for the shared demo account. */
  hideForGuest?: boolean;
  end?: boolean;
}

/** The trading screens of the header. */
export const NAV_LINKS: NavLinkSpec[] = [
  { to: '/', label: 'nav.home', end: true },
  { to: '/dealCenter', label: 'nav.spot' },
  { to: '/leverdealCenter', label: 'nav.lever' },
  { to: '/secondDealCenter', label: 'nav.second' },
  { to: '/fiatradCenter', label: 'nav.fiat' },
  { to: '/upstart', label: 'nav.upstart' },
  { to: '/new_account/letransactions', label: 'nav.assets', hideForGuest: true },
];
