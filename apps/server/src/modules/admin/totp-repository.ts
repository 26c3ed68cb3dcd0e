import type { Database } from '../../db/database';

export interface OperatorTotpRow {
  /** sealed (SecretBox) TOTP secret in use, or null */
  totp_secret: string | null;
  /** sealed secret handed out at enrolment, waiting for a confirming code */
  totp_pending_secret: string | null;
  /** the last time step accepted */
  totp_last_step: number | null;
}

/** Operators' second factor: TOTP secrets, the last step used, and recovery codes. */
export class OperatorTotpRepository {
  constructor(private readonly db: Database) {}

  async find(operatorId: number): Promise<OperatorTotpRow | undefined> {
    const rows = await this.db.query<{ totp_secret: string | null; totp_pending_secret: string | null; totp_last_step: number | string | null }>(
      'select totp_secret, totp_pending_secret, totp_last_step from operators where id = $1',
      [operatorId],
    );
    const row = rows[0];
    // int8 comes back as a number from pg and as a bigint from PGlite: a time step fits a number
    return row && { ...row, totp_last_step: row.totp_last_step === null ? null : Number(row.totp_last_step) };
  }

  async savePendingSecret(operatorId: number, sealedSecret: string): Promise<void> {
    await this.db.query('update operators set totp_pending_secret = $2 where id = $1', [operatorId, sealedSecret]);
  }

  /** Turns TOTP on with the pending secret, and replaces the recovery codes: all or nothing. */
  async enable(operatorId: number, sealedSecret: string, step: number, recoveryDigests: string[], now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        'update operators set totp_secret = $2, totp_pending_secret = null, totp_enabled_at = $3, totp_last_step = $4 where id = $1',
        [operatorId, sealedSecret, now, step],
      );
      await tx.query('delete from operator_recovery_codes where operator_id = $1', [operatorId]);
      for (const digest of recoveryDigests) {
        await tx.query('insert into operator_recovery_codes (operator_id, code_hash) values ($1, $2)', [operatorId, digest]);
      }
    });
  }

  /** Records `step` as used; false when it, or a later one, already was (a replayed code). */
  async useStep(operatorId: number, step: number): Promise<boolean> {
    const rows = await this.db.query(
      'update operators set totp_last_step = $2 where id = $1 and (totp_last_step is null or totp_last_step < $2) returning id',
      [operatorId, step],
    );
    return rows.length === 1;
  }

  /** Spends a recovery code; false when the operator has no unused code with that digest. */
  async useRecoveryCode(operatorId: number, digest: string, now: Date): Promise<boolean> {
    const rows = await this.db.query(
      'update operator_recovery_codes set used_at = $3 where operator_id = $1 and code_hash = $2 and used_at is null returning id',
      [operatorId, digest, now],
    );
    return rows.length === 1;
  }

  async unusedRecoveryCodes(operatorId: number): Promise<number> {
    const rows = await this.db.query<{ count: number | string }>(
      'select count(*) as count from operator_recovery_codes where operator_id = $1 and used_at is null',
      [operatorId],
    );
    return Number(rows[0]?.count ?? 0);
  }
}
