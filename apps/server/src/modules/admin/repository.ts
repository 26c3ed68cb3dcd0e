import type { Queryable } from '../../db/database';

export interface OperatorRow {
  id: number;
  email: string;
  password_hash: string;
  /** when the operator confirmed a TOTP secret; null: no second factor yet */
  totp_enabled_at: Date | null;
}

/** What an operator session may do: everything, or only enrol a second factor. */
export type OperatorSessionScope = 'full' | 'enrol';

export interface OperatorSession {
  operatorId: number;
  scope: OperatorSessionScope;
}

/** Operators, their sessions and the audit trail of what they did. */
export class OperatorRepository {
  constructor(private readonly db: Queryable) {}

  async findByEmail(email: string): Promise<OperatorRow | undefined> {
    const rows = await this.db.query<OperatorRow>(
      'select id, email, password_hash, totp_enabled_at from operators where email = $1',
      [email.toLowerCase()],
    );
    return rows[0];
  }

  async create(email: string, passwordHash: string): Promise<void> {
    await this.db.query('insert into operators (email, password_hash) values ($1, $2) on conflict (email) do nothing', [
      email.toLowerCase(),
      passwordHash,
    ]);
  }

  async findById(id: number): Promise<OperatorRow | undefined> {
    const rows = await this.db.query<OperatorRow>('select id, email, password_hash, totp_enabled_at from operators where id = $1', [id]);
    return rows[0];
  }

  async openSession(operatorId: number, digest: string, expiresAt: Date, scope: OperatorSessionScope): Promise<void> {
    await this.db.query('insert into operator_sessions (operator_id, token_hash, expires_at, scope) values ($1, $2, $3, $4)', [
      operatorId,
      digest,
      expiresAt,
      scope,
    ]);
  }

  async liveSession(digest: string, now: Date): Promise<OperatorSession | undefined> {
    const rows = await this.db.query<{ operator_id: number; scope: OperatorSessionScope }>(
      'select operator_id, scope from operator_sessions where token_hash = $1 and revoked_at is null and expires_at > $2',
      [digest, now],
    );
    const row = rows[0];
    return row && { operatorId: row.operator_id, scope: row.scope };
  }

  /** Lifts a session limited to enrolment to a full one (its operator just proved a second factor). */
  async widenSession(digest: string): Promise<void> {
    await this.db.query("update operator_sessions set scope = 'full' where token_hash = $1", [digest]);
  }

  async revokeSession(digest: string, now: Date): Promise<void> {
    await this.db.query('update operator_sessions set revoked_at = $2 where token_hash = $1 and revoked_at is null', [digest, now]);
  }

  async recordAction(operatorId: number, action: string, userId: number | null, detail: Record<string, unknown>): Promise<void> {
    await this.db.query('insert into operator_actions (operator_id, action, user_id, detail) values ($1, $2, $3, $4::jsonb)', [
      operatorId,
      action,
      userId,
      JSON.stringify(detail),
    ]);
  }
}
