import { refuse } from '../../core/refusal';
import type { SecretBox } from '../../lib/secret-box';
import type { Clock } from '../../lib/time';
import { tokenDigest } from '../../lib/tokens';
import { RECOVERY_CODE_COUNT } from './login-policy';
import { newRecoveryCode, recoveryCodeDigest } from '../../lib/recovery-codes';
import type { OperatorRepository } from './repository';
import { matchTotp, newTotpSecret, qrCodeDataUrl, totpUri } from '../../lib/totp';
import type { OperatorTotpRepository } from './totp-repository';

export interface TotpEnrolment {
  secret: string;
  otpauth_uri: string;
  /** the otpauth address as a QR code, a `data:image/svg+xml` URL for an <img> */
  qr_code: string;
}

/** The second factor presented at login: a code from the authenticator app, or a recovery code. */
export interface SecondFactor {
  totp?: string | undefined;
  recoveryCode?: string | undefined;
}

/** An operator's TOTP second factor: enrolment, and checking codes at login. */
export class OperatorTotpService {
  constructor(
    private readonly operators: OperatorRepository,
    private readonly totp: OperatorTotpRepository,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
  ) {}

  /** A new secret to scan; TOTP is on only once a code from it is confirmed. */
  async startEnrolment(operatorId: number): Promise<TotpEnrolment> {
    const operator = await this.operators.findById(operatorId);
    if (!operator) refuse('operator login required');
    if (operator.totp_enabled_at) refuse('two-factor already enabled');
    const secret = newTotpSecret();
    await this.totp.savePendingSecret(operatorId, this.secrets.seal(secret, secretContext(operatorId)));
    const uri = totpUri(secret, operator.email);
    return { secret, otpauth_uri: uri, qr_code: await qrCodeDataUrl(uri) };
  }

  /**
   * Turns TOTP on with a current code of the pending secret; answers the new recovery codes. The
   * session that enrolled becomes a full one: its operator has now shown both factors.
   */
  async confirmEnrolment(operatorId: number, sessionToken: string, code: string): Promise<string[]> {
    const row = await this.totp.find(operatorId);
    if (row?.totp_secret) refuse('two-factor already enabled');
    if (!row?.totp_pending_secret) refuse('two-factor enrolment not started');
    const secret = this.secrets.open(row.totp_pending_secret, secretContext(operatorId));
    const step = await matchTotp(secret, code, this.clock());
    if (step === undefined) refuse('wrong operator code');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.totp.enable(operatorId, row.totp_pending_secret, step, codes.map(recoveryCodeDigest), this.clock());
    await this.operators.widenSession(tokenDigest(sessionToken));
    return codes;
  }

  /**
   * Whether the second factor is right: a code of the current step or one either side, not used
   * before (a step, once accepted, and every earlier one are refused), or an unused recovery code,
   * which is spent.
   */
  async check(operatorId: number, factor: SecondFactor): Promise<boolean> {
    if (factor.totp) {
      const row = await this.totp.find(operatorId);
      if (!row?.totp_secret) return false;
      const secret = this.secrets.open(row.totp_secret, secretContext(operatorId));
      const step = await matchTotp(secret, factor.totp, this.clock(), row.totp_last_step ?? undefined);
      return step !== undefined && (await this.totp.useStep(operatorId, step));
    }
    if (factor.recoveryCode) return this.totp.useRecoveryCode(operatorId, recoveryCodeDigest(factor.recoveryCode), this.clock());
    return false;
  }

  async unusedRecoveryCodes(operatorId: number): Promise<number> {
    return this.totp.unusedRecoveryCodes(operatorId);
  }
}

/** Binds a sealed secret to its operator: copied to another operator's row it does not open. */
function secretContext(operatorId: number): string {
  return `operator-totp:${operatorId}`;
}
