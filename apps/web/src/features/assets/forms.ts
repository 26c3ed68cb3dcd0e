import { useState } from 'react';
import { apitip } from '../../api';
import { showToast } from '../../components/toast-store';
import { hasProblems, type Problem } from '../../lib/wallet';
import { problemText } from './common';

/**
 * The per-field problems of an assets form (withdraw, manual deposit, saved address): a check's
 * findings are kept until the user edits the field they concern.
 */
export function useProblems<P extends { [K in keyof P]?: Problem }>() {
  const [problems, setProblems] = useState<P>({} as P);
  return {
    /** Keeps what a check found; true when it found nothing. */
    check(found: P): boolean {
      setProblems(found);
      return !hasProblems(found);
    },
    /** Forgets a field's problem (called as the field changes). */
    clear(field: keyof P) {
      setProblems((current) => ({ ...current, [field]: undefined }));
    },
    /** The text shown under a field, if it has a problem. */
    text(field: keyof P): string | undefined {
      return problemText(problems[field]);
    },
  };
}

/**
 * The `onSuccess` of a request: toasts the server's own message through apitip, or `fallback` (a
 * message key) when it sent none, then runs `then`.
 */
export function successToast(fallback: string, duration: number, then?: () => void) {
  return (message: string) => {
    showToast(apitip(message || fallback), 'success', duration);
    then?.();
  };
}
