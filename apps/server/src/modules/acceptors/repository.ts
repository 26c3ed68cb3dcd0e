import { containsPattern } from '../../lib/sql-like';
import type { Queryable } from '../../db/database';

export interface AcceptorRow {
  user_id: number;
  name: string;
  currency_id: number;
  currency_name: string;
  decimals: number;
  wechat_nickname: string;
  wechat_account: string;
  ali_nickname: string;
  ali_account: string;
  bank_name: string;
  bank_account: string;
  bank_address: string;
  recharge_rate: string;
  cash_rate: string;
  recharge_amount: string;
  cash_amount: string;
  active: boolean;
}

export interface AcceptorInput {
  name: string;
  currencyId: number;
  wechatNickname: string;
  wechatAccount: string;
  aliNickname: string;
  aliAccount: string;
  bankName: string;
  bankAccount: string;
  bankAddress: string;
  rechargeRate: string;
  cashRate: string;
  rechargeAmount: string;
  cashAmount: string;
  active: boolean;
}

export interface DealRow {
  id: string;
  user_id: number;
  user_account: string;
  acceptor_id: number;
  currency_name: string;
  type: 'buy' | 'sell';
  way: 'we_chat' | 'ali_pay' | 'bank';
  mobile: string;
  deal_account: string;
  money: string;
  rate: string;
  fee: string;
  is_sure: number;
  paid_at: Date | null;
  objected_at: Date | null;
  ruling: '' | 'release' | 'return';
  created_at: Date;
  updated_at: Date;
  acceptor_name: string;
  wechat_account: string;
  ali_account: string;
  bank_account: string;
  total: number;
}

const ACCEPTOR_COLUMNS = `a.user_id, a.name, a.currency_id, c.name as currency_name, c.decimals, a.wechat_nickname, a.wechat_account,
  a.ali_nickname, a.ali_account, a.bank_name, a.bank_account, a.bank_address, a.recharge_rate::text, a.cash_rate::text,
  a.recharge_amount::text, a.cash_amount::text, a.active`;

const DEAL_SELECT = `select d.id::text, d.user_id, u.account as user_account, d.acceptor_id, c.name as currency_name, d.type, d.way, d.mobile,
    d.deal_account, d.money::text, d.rate::text, d.fee::text, d.is_sure, d.paid_at, d.objected_at, d.ruling, d.created_at, d.updated_at,
    coalesce(a.name, '') as acceptor_name, coalesce(a.wechat_account, '') as wechat_account, coalesce(a.ali_account, '') as ali_account,
    coalesce(a.bank_account, '') as bank_account, count(*) over ()::int as total
  from acceptor_deals d
  join users u on u.id = d.user_id
  join currencies c on c.id = d.currency_id
  left join acceptors a on a.user_id = d.acceptor_id`;

/** What the back office filters acceptors by. */
export interface AcceptorFilter {
  /** part of the name or the account, or the user id */
  q?: string;
  active?: boolean;
}

/** What the back office filters acceptor deals by. */
export interface DealFilter {
  acceptorId?: number;
  userId?: number;
  isSure?: number;
  type?: 'buy' | 'sell';
  /** only deals whose user disputed the acceptor's "paid" and no operator ruled on yet */
  disputed?: boolean;
}

/** Acceptors (appointed by operators) and the deals the core wrote. */
export class AcceptorRepository {
  constructor(private readonly db: Queryable) {}

  async find(userId: number): Promise<AcceptorRow | undefined> {
    const [row] = await this.db.query<AcceptorRow>(`select ${ACCEPTOR_COLUMNS} from acceptors a join currencies c on c.id = a.currency_id where a.user_id = $1`, [userId]);
    return row;
  }

  listActive(): Promise<AcceptorRow[]> {
    return this.db.query<AcceptorRow>(`select ${ACCEPTOR_COLUMNS} from acceptors a join currencies c on c.id = a.currency_id where a.active order by a.user_id`);
  }

  /** Acceptors for the back office, by user id, with the account and the total of the filter. */
  listForOperator(filter: AcceptorFilter, limit: number, offset: number): Promise<(AcceptorRow & { account: string; total: number })[]> {
    const q = filter.q?.trim() || null;
    return this.db.query(
      `select ${ACCEPTOR_COLUMNS}, u.account, count(*) over ()::int as total
         from acceptors a join currencies c on c.id = a.currency_id join users u on u.id = a.user_id
        where ($1::text is null or a.name ilike $2 or u.account ilike $2 or a.user_id::text = $1) and ($3::boolean is null or a.active = $3)
        order by a.user_id limit $4 offset $5`,
      [q, q === null ? null : containsPattern(q), filter.active ?? null, limit, offset],
    );
  }

  /** Every deal for the back office, newest first, with the user's full account and the total of the filter. */
  allDeals(filter: DealFilter, limit: number, offset: number): Promise<DealRow[]> {
    return this.db.query<DealRow>(
      `${DEAL_SELECT} where ($1::int is null or d.acceptor_id = $1) and ($2::int is null or d.user_id = $2) and ($3::int is null or d.is_sure = $3)
         and ($4::text is null or d.type = $4) and (not $7::boolean or (d.objected_at is not null and d.is_sure = 3))
       order by d.id desc limit $5 offset $6`,
      [filter.acceptorId ?? null, filter.userId ?? null, filter.isSure ?? null, filter.type ?? null, limit, offset, filter.disputed ?? false],
    );
  }

  async save(userId: number, input: AcceptorInput): Promise<void> {
    await this.db.query(
      `insert into acceptors (user_id, name, currency_id, wechat_nickname, wechat_account, ali_nickname, ali_account, bank_name,
         bank_account, bank_address, recharge_rate, cash_rate, recharge_amount, cash_amount, active)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       on conflict (user_id) do update set name = excluded.name, currency_id = excluded.currency_id,
         wechat_nickname = excluded.wechat_nickname, wechat_account = excluded.wechat_account, ali_nickname = excluded.ali_nickname,
         ali_account = excluded.ali_account, bank_name = excluded.bank_name, bank_account = excluded.bank_account,
         bank_address = excluded.bank_address, recharge_rate = excluded.recharge_rate, cash_rate = excluded.cash_rate,
         recharge_amount = excluded.recharge_amount, cash_amount = excluded.cash_amount, active = excluded.active, updated_at = now()`,
      [
        userId,
        input.name,
        input.currencyId,
        input.wechatNickname,
        input.wechatAccount,
        input.aliNickname,
        input.aliAccount,
        input.bankName,
        input.bankAccount,
        input.bankAddress,
        input.rechargeRate,
        input.cashRate,
        input.rechargeAmount,
        input.cashAmount,
        input.active,
      ],
    );
  }

  /** A person's account (not a system or market-maker account, not the shared guest). */
  async isMember(userId: number): Promise<boolean> {
    const rows = await this.db.query<{ id: number }>(`select id from users where id = $1 and kind = 'user' and not is_vistor`, [userId]);
    return rows.length > 0;
  }

  async currencyExists(id: number): Promise<boolean> {
    const rows = await this.db.query<{ id: number }>('select id from currencies where id = $1', [id]);
    return rows.length > 0;
  }

  async deal(id: number): Promise<DealRow | undefined> {
    const [row] = await this.db.query<DealRow>(`${DEAL_SELECT} where d.id = $1`, [id]);
    return row;
  }

  dealsOfUser(userId: number, type: string | undefined, limit: number, offset: number): Promise<DealRow[]> {
    return this.db.query<DealRow>(`${DEAL_SELECT} where d.user_id = $1 and ($2::text is null or d.type = $2) order by d.id desc limit $3 offset $4`, [
      userId,
      type ?? null,
      limit,
      offset,
    ]);
  }

  dealsOfAcceptor(acceptorId: number, isSure: number | undefined, limit: number, offset: number): Promise<DealRow[]> {
    return this.db.query<DealRow>(
      `${DEAL_SELECT} where d.acceptor_id = $1 and ($2::int is null or d.is_sure = $2) order by d.id desc limit $3 offset $4`,
      [acceptorId, isSure ?? null, limit, offset],
    );
  }
}
