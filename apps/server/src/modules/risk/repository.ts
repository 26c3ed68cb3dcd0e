import type { Queryable } from '../../db/database';

export interface LeverHolderRow {
  user_id: number;
  legal_id: number;
  account: string;
  positions: number;
}

export interface RunningMicroRow {
  currency_id: number;
  currency: string;
  contracts: number;
  stake: string;
  reserve: string;
  next_expiry: Date | null;
}

/** What the core wrote that the risk view starts from: who holds lever positions, and running second contracts. */
export class RiskRepository {
  constructor(private readonly db: Queryable) {}

  /** Each user and quote currency with held lever positions (status 1), and how many. */
  leverHolders(): Promise<LeverHolderRow[]> {
    return this.db.query<LeverHolderRow>(
      `select t.user_id, t.legal_id, u.account, count(*)::int as positions
         from lever_trades t join users u on u.id = t.user_id
        where t.status = 1 group by t.user_id, t.legal_id, u.account`,
    );
  }

  /** Running second contracts per currency: how many, the stakes, and what wins would pay on top (the house's reserve). */
  runningMicro(): Promise<RunningMicroRow[]> {
    return this.db.query<RunningMicroRow>(
      `select m.currency_id, c.name as currency, count(*)::int as contracts, sum(m.number)::text as stake, sum(m.reserve)::text as reserve,
              min(m.expires_at) as next_expiry
         from micro_contracts m join currencies c on c.id = m.currency_id
        where m.status = 1 group by m.currency_id, c.name order by m.currency_id`,
    );
  }

  /** Currency names by id. */
  async currencyNames(): Promise<Map<number, string>> {
    const rows = await this.db.query<{ id: number; name: string }>('select id, name from currencies');
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}
