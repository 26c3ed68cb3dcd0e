import { useState, type ReactNode } from 'react';
import { apitip } from '../../api';
import { GoogleCodeField } from './GoogleCodeField';
import { useAuthenticatorBound } from './queries';

export interface SecondFactorInput {
  /** true once the user bound an authenticator */
  bound: boolean;
  /** The field to show in the form (nothing for a user without an authenticator). */
  field: ReactNode;
  /** Checks the field before sending: a bound user must type a code. */
  check(): boolean;
  /** The fields to send with the call: `google_code` when bound. */
  params: { google_code?: string };
  /** Empties the field (a code is accepted once: after a refusal the next one is typed anew). */
  reset(): void;
}

/**
 * The authenticator code of a guarded form (password, fund password, e-mail, withdrawal, new
 * address, protection settings): shown and sent only once the user bound an authenticator, so
 * the forms of users without one stay as they were.
 */
export function useSecondFactor(testIdPrefix: string): SecondFactorInput {
  const bound = useAuthenticatorBound();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  return {
    bound,
    field: bound ? (
      <GoogleCodeField
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(undefined);
        }}
        error={error}
        testIdPrefix={testIdPrefix}
      />
    ) : null,
    check() {
      const problem = bound && !code.trim() ? apitip('google code required') : undefined;
      setError(problem);
      return problem === undefined;
    },
    params: bound ? { google_code: code.trim() } : {},
    reset: () => setCode(''),
  };
}
