import type { Database } from '../../db/database';

export interface SecondFactorRow {
  /** sealed (SecretBox) secret in use, or null: no authenticator bound */
  secret: string | null;
  /** sealed secret handed out by google_bind/secret, waiting for a code to bind it */
  pending_secret: string | null;
  enabled_at: Date | null;
  /** the last time step accepted */
  last_step: number | null;
}

/** Users' authenticators: sealed secrets, the last step used, and recovery codes. */
export class SecondFactorRepository {
  constructor(private readonly db: Database) {}

  async find(userId: number): Promise<SecondFactorRow | undefined> {
    const rows = await this.db.query<Omit<SecondFactorRow, 'last_step'> & { last_step: number | string | null }>(
      'select secret, pending_secret, enabled_at, last_step from user_second_factors where user_id = $1',
      [userId],
    );
    const row = rows[0];
    // int8 comes back as a number from pg and as a bigint from PGlite: a time step fits a number
    return row && { ...row, last_step: row.last_step === null ? null : Number(row.last_step) };
  }

  async savePendingSecret(userId: number, sealedSecret: string): Promise<void> {
    await this.db.query(
      `insert into user_second_factors (user_id, pending_secret) values ($1, $2)
       on conflict (user_id) do update set pending_secret = excluded.pending_secret`,
      [userId, sealedSecret],
    );
  }

  /**
   * Binds the pending secret and replaces the recovery codes, all or nothing; false when the
   * pending secret changed or a secret was bound meanwhile (another request was first).
   */
  async bind(userId: number, sealedSecret: string, step: number, recoveryDigests: string[], now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const bound = await tx.query(
        `update user_second_factors set secret = pending_secret, pending_secret = null, enabled_at = $3, last_step = $4
          where user_id = $1 and secret is null and pending_secret = $2 returning user_id`,
        [userId, sealedSecret, now, step],
      );
      if (bound.length === 0) return false;
      await tx.query('delete from user_recovery_codes where user_id = $1', [userId]);
      for (const digest of recoveryDigests) await tx.query('insert into user_recovery_codes (user_id, code_hash) values ($1, $2)', [userId, digest]);
      return true;
    });
  }

  /** Removes the authenticator and its recovery codes; false when none was bound. */
  async unbind(userId: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const removed = await tx.query('delete from user_second_factors where user_id = $1 and secret is not null returning user_id', [userId]);
      await tx.query('delete from user_recovery_codes where user_id = $1', [userId]);
      return removed.length > 0;
    });
  }

  /** Records `step` as used; false when it, or a later one, already was (a replayed code). */
  async useStep(userId: number, step: number): Promise<boolean> {
    const rows = await this.db.query(
      'update user_second_factors set last_step = $2 where user_id = $1 and secret is not null and (last_step is null or last_step < $2) returning user_id',
      [userId, step],
    );
    return rows.length === 1;
  }

  /** Spends a recovery code; false when the user has no unused code with that digest. */
  async useRecoveryCode(userId: number, digest: string, now: Date): Promise<boolean> {
    const rows = await this.db.query(
      'update user_recovery_codes set used_at = $3 where user_id = $1 and code_hash = $2 and used_at is null returning id',
      [userId, digest, now],
    );
    return rows.length === 1;
  }

  async unusedRecoveryCodes(userId: number): Promise<number> {
    const rows = await this.db.query<{ count: number | string }>('select count(*) as count from user_recovery_codes where user_id = $1 and used_at is null', [userId]);
    return Number(rows[0]?.count ?? 0);
  }
}
