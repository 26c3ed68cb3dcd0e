import type { Queryable } from '../../db/database';
import type { Wallet } from '../../core/wallets';
import type { Counted } from './back-office-repository';

/** What waits for a second operator: a manual adjustment, or a reset of a user's authenticator. */
export type ApprovalKind = 'adjustment' | 'second_factor_reset';

export interface AdjustmentRow {
  id: string;
  kind: ApprovalKind;
  requested_by: number;
  requested_by_email: string;
  user_id: number;
  /** the adjustment's currency, wallet and amount; null for a reset */
  currency_id: number | null;
  currency: string | null;
  wallet: Wallet | null;
  amount: string | null;
  /** a deposit confirmation waiting for a second operator: the deposit request and its output; null otherwise */
  deposit_id: string | null;
  output_index: number | null;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  decided_by: number | null;
  created_at: Date;
  decided_at: Date | null;
}

const COLUMNS = `a.id::text as id, a.kind, a.requested_by, o.email as requested_by_email, a.user_id, a.currency_id, c.name as currency, a.wallet,
  a.amount::text as amount, a.deposit_id::text as deposit_id, a.output_index, a.reason, a.status, a.decided_by, a.created_at, a.decided_at`;
const FROM = 'operator_adjustments a join operators o on o.id = a.requested_by left join currencies c on c.id = a.currency_id';

/**
 * The second-operator approval queue: manual adjustments above the threshold and resets of users'
 * authenticators, waiting for (or past) a second operator's decision.
 */
export class AdjustmentRepository {
  constructor(private readonly db: Queryable) {}

  async request(input: { operatorId: number; userId: number; currencyId: number; wallet: Wallet; amount: string; reason: string }): Promise<number> {
    const rows = await this.db.query<{ id: string }>(
      `insert into operator_adjustments (requested_by, user_id, currency_id, wallet, amount, reason) values ($1, $2, $3, $4, $5, $6) returning id::text as id`,
      [input.operatorId, input.userId, input.currencyId, input.wallet, input.amount, input.reason],
    );
    return Number(rows[0]?.id);
  }

  /** A deposit confirmation for a second operator: the request, the output checked, and the amount to credit. */
  async requestDepositConfirmation(input: { operatorId: number; userId: number; currencyId: number; depositId: number; outputIndex: number; amount: string; reason: string }): Promise<number> {
    const rows = await this.db.query<{ id: string }>(
      `insert into operator_adjustments (requested_by, user_id, currency_id, wallet, amount, reason, deposit_id, output_index) values ($1, $2, $3, 'change', $4, $5, $6, $7) returning id::text as id`,
      [input.operatorId, input.userId, input.currencyId, input.amount, input.reason, input.depositId, input.outputIndex],
    );
    return Number(rows[0]?.id);
  }

  async requestSecondFactorReset(input: { operatorId: number; userId: number; reason: string }): Promise<number> {
    const rows = await this.db.query<{ id: string }>(
      `insert into operator_adjustments (kind, requested_by, user_id, reason) values ('second_factor_reset', $1, $2, $3) returning id::text as id`,
      [input.operatorId, input.userId, input.reason],
    );
    return Number(rows[0]?.id);
  }

  async find(id: number): Promise<AdjustmentRow | undefined> {
    const rows = await this.db.query<AdjustmentRow>(`select ${COLUMNS} from ${FROM} where a.id = $1`, [id]);
    return rows[0];
  }

  list(status: string | undefined, limit: number, offset: number) {
    return this.db.query<Counted<AdjustmentRow>>(
      `select ${COLUMNS}, (count(*) over ())::int as total from ${FROM} where $1::text is null or a.status = $1 order by a.id desc limit $2 offset $3`,
      [status ?? null, limit, offset],
    );
  }

  /** Decides a pending request; false when it was no longer pending (another operator was first). */
  async decide(id: number, status: 'approved' | 'rejected', operatorId: number, now: Date): Promise<boolean> {
    const rows = await this.db.query(
      `update operator_adjustments set status = $2, decided_by = $3, decided_at = $4 where id = $1 and status = 'pending' returning id`,
      [id, status, operatorId, now],
    );
    return rows.length > 0;
  }
}
