import { NOT_LOGGED_IN } from '@tessera/protocol';
import { showToast } from '../components/toast-store';
import { clearSession } from '../features/auth/session';
import { i18next } from '../i18n';
import { LOGIN_PATH } from './guards';

export const REDIRECT_DELAY_MS = 500;

let pending = false;

/**
 * A reply of type 999: a sign-in toast ("please log in" when no token was sent,
 * "logon out of date" otherwise), the session is cleared (the language stays) and, 500 ms later,
 * the login screen. Several calls failing together give one toast and one redirect.
 */
export function createNotLoggedInHandler(navigate: (path: string) => unknown) {
  return (message: string): void => {
    if (pending) return;
    pending = true;
    showToast(message === NOT_LOGGED_IN ? i18next.t('session.signIn') : i18next.t('session.expired'), 'error');
    clearSession();
    window.setTimeout(() => {
      pending = false;
      void navigate(LOGIN_PATH);
    }, REDIRECT_DELAY_MS);
  };
}
