import type { Queryable } from '../../db/database';

export interface OperatorRow {
  id: number;
  email: string;
  password_hash: string;
}

/** Operators, their sessions and the audit trail of what they did. */
export class OperatorRepository {
  constructor(private readonly db: Queryable) {}

  async findByEmail(email: string): Promise<OperatorRow | undefined> {
    const rows = await this.db.query<OperatorRow>('select id, email, password_hash from operators where email = $1', [
      email.toLowerCase(),
    ]);
    return rows[0];
  }

  async create(email: string, passwordHash: string): Promise<void> {
    await this.db.query('insert into operators (email, password_hash) values ($1, $2) on conflict (email) do nothing', [
      email.toLowerCase(),
      passwordHash,
    ]);
  }

  async openSession(operatorId: number, digest: string, expiresAt: Date): Promise<void> {
    await this.db.query('insert into operator_sessions (operator_id, token_hash, expires_at) values ($1, $2, $3)', [
      operatorId,
      digest,
      expiresAt,
    ]);
  }

  async sessionOperator(digest: string, now: Date): Promise<number | undefined> {
    const rows = await this.db.query<{ operator_id: number }>(
      'select operator_id from operator_sessions where token_hash = $1 and revoked_at is null and expires_at > $2',
      [digest, now],
    );
    return rows[0]?.operator_id;
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
