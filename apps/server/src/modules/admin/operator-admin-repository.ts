import type { Queryable } from '../../db/database';
import type { OperatorRole } from './roles';

export interface OperatorListRow {
  id: number;
  email: string;
  role: OperatorRole;
  totp_enabled_at: Date | null;
  disabled_at: Date | null;
  created_at: Date;
}

/** Operators as the admin manages them: list, create, change role, disable. */
export class OperatorAdminRepository {
  constructor(private readonly db: Queryable) {}

  list(): Promise<OperatorListRow[]> {
    return this.db.query<OperatorListRow>('select id, email, role, totp_enabled_at, disabled_at, created_at from operators order by id');
  }

  async find(id: number): Promise<OperatorListRow | undefined> {
    const rows = await this.db.query<OperatorListRow>('select id, email, role, totp_enabled_at, disabled_at, created_at from operators where id = $1', [id]);
    return rows[0];
  }

  /** The new operator's id; undefined when the e-mail is taken. */
  async create(email: string, passwordHash: string, role: OperatorRole): Promise<number | undefined> {
    const rows = await this.db.query<{ id: number }>(
      'insert into operators (email, password_hash, role) values ($1, $2, $3) on conflict (email) do nothing returning id',
      [email.toLowerCase(), passwordHash, role],
    );
    return rows[0]?.id;
  }

  async update(id: number, change: { role: OperatorRole; disabled: boolean }, now: Date): Promise<void> {
    await this.db.query(
      `update operators set role = $2, disabled_at = case when $3 then coalesce(disabled_at, $4) else null end where id = $1`,
      [id, change.role, change.disabled, now],
    );
  }

  /** Turns the second factor off: secret, pending secret and recovery codes go; the next login enrols again. */
  async resetTotp(id: number): Promise<void> {
    await this.db.query('update operators set totp_secret = null, totp_pending_secret = null, totp_enabled_at = null, totp_last_step = null where id = $1', [id]);
    await this.db.query('delete from operator_recovery_codes where operator_id = $1', [id]);
  }

  async activeAdmins(): Promise<number> {
    const rows = await this.db.query<{ count: number }>(`select count(*)::int as count from operators where role = 'admin' and disabled_at is null`);
    return rows[0]?.count ?? 0;
  }

  async revokeSessionsOf(id: number, now: Date): Promise<void> {
    await this.db.query('update operator_sessions set revoked_at = $2 where operator_id = $1 and revoked_at is null', [id, now]);
  }

  async sessionExpiry(operatorId: number, now: Date): Promise<Date | undefined> {
    const rows = await this.db.query<{ expires_at: Date }>(
      'select max(expires_at) as expires_at from operator_sessions where operator_id = $1 and revoked_at is null and expires_at > $2',
      [operatorId, now],
    );
    return rows[0]?.expires_at ?? undefined;
  }
}
