import { useState } from 'react';
import { Button } from '@web/components/Button';
import { api, useAction } from '../../api';
import { ErrorLine } from '../../components/ErrorLine';

interface Enrolment {
  secret: string;
  otpauth_uri: string;
  qr_code: string;
}

/** Start: a new secret and its QR code; confirm with a current code: ten recovery codes, shown once. */
export function TotpEnrolment({ onDone }: { onDone?: () => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState<string[]>();
  const action = useAction();
  if (recovery) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm">Two-factor authentication is on. Keep these recovery codes somewhere safe; each works once:</p>
        <pre data-testid="recovery-codes" className="rounded bg-sunken p-3 text-[0.8125rem]">
          {recovery.join('\n')}
        </pre>
        {onDone && <Button onClick={onDone}>Continue</Button>}
      </div>
    );
  }
  if (!enrolment) {
    return (
      <div className="flex flex-col gap-3">
        <ErrorLine error={action.error} />
        <Button busy={action.busy} onClick={() => void action.run(async () => setEnrolment(await api<Enrolment>('POST', '/totp/enrol/start')))}>
          Start
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <img src={enrolment.qr_code} alt="QR code of the authenticator secret" className="h-48 w-48 self-center rounded bg-white p-2" />
      <p className="text-[0.8125rem] text-muted">
        Or type the secret: <code data-testid="totp-secret">{enrolment.secret}</code>
      </p>
      <input aria-label="Code from the app" className="bo-input" inputMode="numeric" value={code} onChange={(event) => setCode(event.target.value)} />
      <ErrorLine error={action.error} />
      <Button
        busy={action.busy}
        onClick={() => void action.run(async () => setRecovery((await api<{ recovery_codes: string[] }>('POST', '/totp/enrol/confirm', { code: code.trim() })).recovery_codes))}
      >
        Confirm
      </Button>
    </div>
  );
}
