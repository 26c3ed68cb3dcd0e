import { z } from 'zod';
import { cacheBusting, optionalText, optionalWholeNumber, pageQuery, pagedSchema, requiredId } from './form';

/**
 * Account protection: the authenticator (google_bind/*), the anti-phishing code, the withdrawal
 * address allow-list, sessions and login history, and the lock code of security messages.
 */

/** The second factor of every guarded call: asked only once the user bound an authenticator. */
export const googleCode = optionalText(32).describe(
  'the authenticator code (6 digits) or an unused recovery code; required once an authenticator is bound (else `google code required`)',
);

/** google_bind/secret: what the authenticator app scans or the user types. */
export const authenticatorSecret = z.object({
  secret: z.string().describe('base32 secret, for typing into the app'),
  otpauth_url: z.string().describe('the otpauth:// address the QR code holds'),
  qr_code: z.string().describe('the QR code of otpauth_url as a data:image/svg+xml URL'),
});

/** google_bind/bind: a current code of the new secret, and the login password (a session alone may not bind one). */
export const googleBindBody = z.object({
  code: optionalText(32).describe('a current code of the authenticator'),
  login_password: optionalText(64).describe('the login password: a stolen session alone must not be able to bind its own authenticator'),
});
/** google_bind/unbind. */
export const googleUnbindBody = z.object({ code: optionalText(32).describe('a current code of the authenticator, or a recovery code') });
export const recoveryCodes = z.object({ recovery_codes: z.array(z.string()).describe('ten one-time codes, shown once: each stands in for an authenticator code once') });

/** safe/protection: the protection settings the security screen shows. */
export const protectionView = z.object({
  google_bind: z.union([z.literal(0), z.literal(1)]),
  recovery_codes_left: z.int(),
  anti_phishing_code: z.string().describe('shown at the top of every e-mail; empty when not set'),
  allow_list: z.union([z.literal(0), z.literal(1)]).describe('1: withdrawals go only to saved addresses usable by now'),
  allow_list_off_at: z.string().nullable().describe('while a switch-off waits: when it takes effect (ISO)'),
  wait_hours: z.int().describe('how long a new saved address, and turning the allow-list off, waits'),
});

export const antiPhishingBody = z.object({ anti_phishing_code: optionalText(40).describe('4 to 20 letters or digits'), google_code: googleCode });
export const allowListBody = z.object({ on: optionalWholeNumber.describe('1 on (at once), 0 off (after the waiting period)'), google_code: googleCode });

export const sessionItem = z.object({
  id: z.int(),
  device: z.string().describe('browser and system read from the user agent; empty when unknown'),
  ip: z.string(),
  place: z.string().describe('country code when a trusted proxy told it; empty when unknown'),
  created_at: z.string(),
  last_seen: z.string(),
  current: z.union([z.literal(0), z.literal(1)]).describe('1: the session of this request'),
});
export const endSessionBody = z.object({ id: requiredId });

export const loginHistoryQuery = z.object({ ...pageQuery, ...cacheBusting });
export const loginHistoryItem = z.object({
  time: z.string(),
  ip: z.string(),
  device: z.string(),
  place: z.string(),
  result: z.enum(['ok', 'wrong password', 'code required', 'wrong code', 'locked', 'waiting', 'api key']).describe('`api key`: a day of one API key’s requests from this address'),
  api_key: z.string().optional().describe('the API key used (rows of result `api key`)'),
  requests: z.number().int().optional().describe('signed requests admitted that day (rows of result `api key`)'),
  refused: z.number().int().optional().describe('signed requests refused that day (rows of result `api key`)'),
});
export const loginHistoryPage = pagedSchema(loginHistoryItem);

export const lockAccountBody = z.object({ code: optionalText(64).describe('the lock code of a security message') });

export type AuthenticatorSecret = z.infer<typeof authenticatorSecret>;
export type ProtectionView = z.infer<typeof protectionView>;
export type SessionItem = z.infer<typeof sessionItem>;
export type LoginHistoryItem = z.infer<typeof loginHistoryItem>;
