import type { AuthenticatorSecret, LoginHistoryItem, Paged, ProtectionView, SessionItem } from '@tessera/protocol';
import { call, type RequestOptions } from './client';

export type { AuthenticatorSecret, LoginHistoryItem, ProtectionView, SessionItem };

/**
 * Account protection: the authenticator (google_bind/*), the anti-phishing code, the withdrawal
 * address allow-list, sessions and login history, and the lock code of security messages.
 * `googleCode` is the authenticator code (or a recovery code) the guarded calls ask for once one is bound.
 */
export const protectionApi = {
  view: (options?: RequestOptions) => call<ProtectionView>('GET', 'safe/protection', {}, options),
  /** The secret to bind, with its otpauth address and QR code (the same one until bound). */
  secret: (options?: RequestOptions) => call<AuthenticatorSecret>('GET', 'google_bind/secret', {}, options),
  /** Binds with a current code and the login password; resolves with the ten recovery codes, shown once. */
  bind: (code: string, loginPassword: string, options?: RequestOptions) =>
    call<{ recovery_codes: string[] }>('POST', 'google_bind/bind', { code, login_password: loginPassword }, options),
  unbind: (code: string, options?: RequestOptions) => call<string>('POST', 'google_bind/unbind', { code }, options),
  setAntiPhishingCode: (antiPhishingCode: string, googleCode: string, options?: RequestOptions) =>
    call<string>('POST', 'safe/anti_phishing', { anti_phishing_code: antiPhishingCode, google_code: googleCode }, options),
  /** `on`: at once; off: after the waiting period. */
  switchAllowList: (on: boolean, googleCode: string, options?: RequestOptions) =>
    call<ProtectionView>('POST', 'safe/allow_list', { on: on ? 1 : 0, google_code: googleCode }, options),
  sessions: (options?: RequestOptions) => call<SessionItem[]>('GET', 'user/sessions', {}, options),
  endSession: (id: number, options?: RequestOptions) => call<string>('POST', 'user/session_end', { id }, options),
  endOtherSessions: (options?: RequestOptions) => call<string>('POST', 'user/session_end_others', {}, options),
  loginHistory: (page: number, options?: RequestOptions) => call<Paged<LoginHistoryItem>>('GET', 'user/login_history', { page, limit: 20 }, options),
  /** Public: the lock code of a security message locks its account at once. */
  lockAccount: (code: string, options?: RequestOptions) => call<string>('POST', 'user/lock_account', { code }, options),
};
