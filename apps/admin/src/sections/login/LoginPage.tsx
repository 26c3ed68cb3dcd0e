import { useState, type FormEvent } from 'react';
import { Button } from '@web/components/Button';
import { TextField } from '@web/components/TextField';
import { api, session, type LoginReply } from '../../api';
import { ErrorLine } from '../../components/ErrorLine';
import { TotpEnrolment } from '../account/TotpEnrolment';

/** E-mail, password and the code of the authenticator app (TOTP), or a recovery code. */
export function LoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [enrolling, setEnrolling] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const trimmed = code.replace(/\s/g, '');
    const secondFactor = trimmed === '' ? {} : /^\d{6}$/.test(trimmed) ? { totp: trimmed } : { recovery_code: trimmed };
    try {
      const reply = await api<LoginReply>('POST', '/login', { email, password, ...secondFactor });
      session.set(reply.token);
      if (reply.scope === 'enrol') setEnrolling(true);
      else onSignedIn();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setBusy(false);
    }
  };

  if (enrolling) {
    return (
      <div className="mx-auto mt-16 max-w-md rounded-md border border-line bg-surface p-6">
        <h1 className="mb-2 text-lg font-semibold">Set up two-factor authentication</h1>
        <p className="mb-4 text-sm text-muted">Operators sign in with a code from an authenticator app. Scan the code, then confirm with the code the app shows.</p>
        <TotpEnrolment onDone={onSignedIn} />
      </div>
    );
  }

  return (
    <div className="flex min-h-screen items-center justify-center bg-canvas text-fg">
      <form onSubmit={(event) => void submit(event)} className="flex w-full max-w-sm flex-col gap-4 rounded-md border border-line bg-surface p-6" aria-label="Operator login">
        <h1 className="text-lg font-semibold">Tessera back office</h1>
        <TextField label="E-mail" type="email" autoComplete="username" ltrValue value={email} onChange={(event) => setEmail(event.target.value)} required />
        <TextField label="Password" type="password" autoComplete="current-password" ltrValue value={password} onChange={(event) => setPassword(event.target.value)} required />
        <TextField
          label="Authenticator code (or a recovery code)"
          inputMode="numeric"
          autoComplete="one-time-code"
          ltrValue
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <ErrorLine error={error} />
        <Button type="submit" busy={busy}>
          Log in
        </Button>
      </form>
    </div>
  );
}
