import { ApiError } from '../../api';
import { i18next } from '../../i18n';

/** The text to show for a failed sign-in call: the translated refusal, or a network line. */
export function signInErrorText(error: unknown): string {
  if (error instanceof ApiError && error.text && (error.kind === 'refusal' || error.kind === 'http')) return error.text;
  return i18next.t('auth.networkError');
}
