import { ApiError } from '../../api';
import { i18next } from '../../i18n';

/**
 * The text to show for a failed call: the translated refusal (apitip, with a lock's time in local
 * time), or a network line when the server could not be reached.
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && error.text && (error.kind === 'refusal' || error.kind === 'http')) return error.text;
  return i18next.t('auth.networkError');
}

/** The same for the sign-in screens. */
export const signInErrorText = errorText;
