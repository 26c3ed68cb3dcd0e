import type { Queryable } from '../../db/database';
import type { OperatorRole } from './roles';

export interface OperatorRow {
  id: number;
  email: string;
  password_hash: string;
  /** when the operator confirmed a TOTP secret; null: no second factor yet */
  totp_enabled_at: Date | null;
  role: OperatorRole;
  disabled_at: Date | null;
}

/** What an operator session may do: everything, or only enrol a second factor. */
export type OperatorSessionScope = 'full' | 'enrol';

export interface OperatorSession {
  operatorId: number;
  scope: OperatorSessionScope;
  role: OperatorRole;
}

/** One entry of the operator log: who did what to which target, and the state before and after. */
export interface OperatorLogEntry {
  action: string;
  /** what was acted on: `user:42`, `withdrawal:7`, `operator:3`, `setting:deposits_open`… */
  target: string | null;
  /** the user concerned, when there is one (a user's history lists these) */
  userId?: number | null;
  before?: unknown;
  after?: unknown;
}

const OPERATOR_COLUMNS = 'id, email, password_hash, totp_enabled_at, role, disabled_at';

/** Operators, their sessions and the audit trail of what they did. */
export class OperatorRepository {
  constructor(private readonly db: Queryable) {}

  async findByEmail(email: string): Promise<OperatorRow | undefined> {
    const rows = await this.db.query<OperatorRow>(
      `select ${OPERATOR_COLUMNS} from operators where email = $1`,
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
    const rows = await this.db.query<OperatorRow>(`select ${OPERATOR_COLUMNS} from operators where id = $1`, [id]);
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
    const rows = await this.db.query<{ operator_id: number; scope: OperatorSessionScope; role: OperatorRole }>(
      `select s.operator_id, s.scope, o.role from operator_sessions s join operators o on o.id = s.operator_id
        where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and o.disabled_at is null`,
      [digest, now],
    );
    const row = rows[0];
    return row && { operatorId: row.operator_id, scope: row.scope, role: row.role };
  }

  /** Lifts a session limited to enrolment to a full one (its operator just proved a second factor). */
  async widenSession(digest: string): Promise<void> {
    await this.db.query("update operator_sessions set scope = 'full' where token_hash = $1", [digest]);
  }

  async revokeSession(digest: string, now: Date): Promise<void> {
    await this.db.query('update operator_sessions set revoked_at = $2 where token_hash = $1 and revoked_at is null', [digest, now]);
  }

  /**
   * Money steps (applied manual adjustments, applied deposit confirmations) made since `since`
   * without a second operator, by this operator or to this user: what the two-operator rule sums.
   */
  moneyStepsSince(operatorId: number, userId: number, since: Date) {
    return this.db.query<{ operator_id: number; user_id: number | null; currency_id: number; amount: string }>(
      `select operator_id, user_id, (after->>'currency_id')::int as currency_id, after->>'amount' as amount from operator_log
        where action in ('ledger.adjust', 'deposit.confirm') and created_at >= $3 and (operator_id = $1 or user_id = $2)
          and after->>'currency_id' is not null and after->>'amount' is not null
          and coalesce(after->>'second_operator', 'false') <> 'true' and coalesce(after->>'applied', 'true') = 'true'`,
      [operatorId, userId, since],
    );
  }

  async log(operatorId: number, entry: OperatorLogEntry): Promise<void> {
    await this.db.query(
      'insert into operator_log (operator_id, action, target, before, after, user_id) values ($1, $2, $3, $4::jsonb, $5::jsonb, $6)',
      [operatorId, entry.action, entry.target, jsonOrNull(entry.before), jsonOrNull(entry.after), entry.userId ?? null],
    );
  }
}

function jsonOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
