import type { Queryable } from '../../db/database';
import { containsPattern } from '../../lib/sql-like';

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

export interface HolderFilter {
  /** the quote currency */
  legalId?: number;
  /** part of the account, or the user id */
  q?: string;
}

export interface ContractFilter {
  currencyId?: number;
  pairId?: number;
  userId?: number;
}

export interface RunningContractRow {
  id: string;
  user_id: number;
  account: string;
  pair_id: number;
  symbol: string;
  currency: string;
  /** 1 up, 2 down */
  type: number;
  seconds: number;
  stake: string;
  fee: string;
  profit_ratio: string;
  reserve: string;
  open_price: string;
  opened_at: Date;
  expires_at: Date;
  total: number;
}

/** What the core wrote that the risk view starts from: who holds lever positions, and running second contracts. */
export class RiskRepository {
  constructor(private readonly db: Queryable) {}

  /** Each user and quote currency with held lever positions (status 1), and how many; filtered by quote currency and by part of the account or the user id. */
  leverHolders(filter: HolderFilter = {}): Promise<LeverHolderRow[]> {
    const q = filter.q?.trim() || null;
    return this.db.query<LeverHolderRow>(
      `select t.user_id, t.legal_id, u.account, count(*)::int as positions
         from lever_trades t join users u on u.id = t.user_id
        where t.status = 1 and ($1::int is null or t.legal_id = $1) and ($2::text is null or u.account ilike $3 or t.user_id::text = $2)
        group by t.user_id, t.legal_id, u.account`,
      [filter.legalId ?? null, q, q === null ? null : containsPattern(q)],
    );
  }

  /** Running second contracts, the soonest expiry first, with the total of the filter. */
  runningContracts(filter: ContractFilter, limit: number, offset: number): Promise<RunningContractRow[]> {
    return this.db.query<RunningContractRow>(
      `select m.id::text, m.user_id, u.account, m.pair_id, b.name || '/' || l.name as symbol, c.name as currency, m.type, m.seconds,
              m.number::text as stake, m.fee::text, m.profit_ratio::text, m.reserve::text, m.open_price::text, m.opened_at, m.expires_at,
              count(*) over ()::int as total
         from micro_contracts m join users u on u.id = m.user_id join currencies c on c.id = m.currency_id
         join currency_pairs p on p.id = m.pair_id join currencies b on b.id = p.currency_id join currencies l on l.id = p.legal_id
        where m.status = 1 and ($1::int is null or m.currency_id = $1) and ($2::int is null or m.pair_id = $2) and ($3::int is null or m.user_id = $3)
        order by m.expires_at, m.id limit $4 offset $5`,
      [filter.currencyId ?? null, filter.pairId ?? null, filter.userId ?? null, limit, offset],
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
