import type { AuthService } from '../modules/auth/service';
import { requireUser, tokenOf } from './authenticate';
import { sessionCookieToken } from './cookies';

/**
 * `requireUser` for the one HTTP call old clients make without `Authorization`: `POST upload`.
 * The token comes from the header when one is sent, else from the session cookie (httpOnly,
 * SameSite=Lax: a cross-site form cannot send it). Every other private route uses `requireUser`,
 * which never reads cookies.
 */
export function requireUserByTokenOrCookie(auth: AuthService) {
  return requireUser(auth, (request) => tokenOf(request) ?? sessionCookieToken(request));
}
