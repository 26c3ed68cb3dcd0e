import type { Queryable } from '../../db/database';

export interface UserRow {
  id: number;
  account: string;
  email: string;
  phone: string;
  country_code: string;
  password_hash: string;
  extension_code: string;
  parent_id: number | null;
  is_vistor: boolean;
  is_seller: boolean;
  credit: number;
  review_status: number;
  /** set while an operator's lock lasts */
  locked_until: Date | null;
  lock_reason: string;
  pay_password_hash: string | null;
  /** set while withdrawals wait after too many wrong payment passwords */
  pay_password_locked_until: Date | null;
  is_region_agent: boolean;
  region_agent_id: number | null;
  /** user, fee, house or maker: only `user` accounts may log in */
  kind: string;
  city_name: string;
  district_name: string;
  created_at: Date;
}

export interface NewUser {
  account: string;
  email?: string;
  phone?: string;
  countryCode?: string;
  passwordHash: string;
  extensionCode: string;
  parentId?: number | null;
  isVistor?: boolean;
  regionAgentId?: number | null;
  cityName?: string;
  districtName?: string;
}

export interface RegionUserRow {
  city_name: string;
  district_name: string;
  phone: string;
  account: string;
  created_at: Date;
}

const COLUMNS = `id, account, email, phone, country_code, password_hash, extension_code, parent_id,
  is_vistor, is_seller, credit, review_status, locked_until, lock_reason, pay_password_hash, pay_password_locked_until,
  is_region_agent, region_agent_id, city_name, district_name, kind, created_at`;

/** Every read and write of the users table. Accounts are stored lower-cased. */
export class UserRepository {
  constructor(private readonly db: Queryable) {}

  async findById(id: number): Promise<UserRow | undefined> {
    const rows = await this.db.query<UserRow>(`select ${COLUMNS} from users where id = $1`, [id]);
    return rows[0];
  }

  async findByAccount(account: string): Promise<UserRow | undefined> {
    const rows = await this.db.query<UserRow>(`select ${COLUMNS} from users where account = $1`, [
      account.toLowerCase(),
    ]);
    return rows[0];
  }

  /** The shared demo account guests log into (the oldest guest account, if several). */
  /** The platform's own account of a kind (`house`, `insurance`, `fee`). */
  async findSystemAccount(kind: 'house' | 'insurance' | 'fee'): Promise<{ id: number } | undefined> {
    const rows = await this.db.query<{ id: number }>(`select id from users where kind = $1 order by id limit 1`, [kind]);
    return rows[0];
  }

  async findGuestAccount(): Promise<UserRow | undefined> {
    const rows = await this.db.query<UserRow>(
      `select ${COLUMNS} from users where is_vistor order by id limit 1`,
    );
    return rows[0];
  }

  async create(user: NewUser): Promise<UserRow> {
    const rows = await this.db.query<UserRow>(
      `insert into users (account, email, phone, country_code, password_hash, extension_code, parent_id, is_vistor,
         region_agent_id, city_name, district_name)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning ${COLUMNS}`,
      [
        user.account.toLowerCase(),
        user.email ?? '',
        user.phone ?? '',
        user.countryCode ?? '',
        user.passwordHash,
        user.extensionCode,
        user.parentId ?? null,
        user.isVistor ?? false,
        user.regionAgentId ?? null,
        user.cityName ?? '',
        user.districtName ?? '',
      ],
    );
    const created = rows[0];
    if (!created) throw new Error('insert into users returned no row');
    return created;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const rows = await this.db.query<UserRow>(`select ${COLUMNS} from users where lower(email) = $1`, [email.toLowerCase()]);
    return rows[0];
  }

  async findByInviteCode(code: string): Promise<UserRow | undefined> {
    const rows = await this.db.query<UserRow>(`select ${COLUMNS} from users where extension_code = $1`, [code.toUpperCase()]);
    return rows[0];
  }

  async inviteCodeTaken(code: string): Promise<boolean> {
    return (await this.db.query('select 1 from users where extension_code = $1', [code])).length > 0;
  }

  async setPassword(id: number, passwordHash: string): Promise<void> {
    await this.db.query('update users set password_hash = $2 where id = $1', [id, passwordHash]);
  }

  async setPayPassword(id: number, hash: string): Promise<void> {
    // a new payment password, proved with a code, also lifts a lock caused by guessing
    await this.db.query('update users set pay_password_hash = $2, pay_password_tries = 0, pay_password_locked_until = null where id = $1', [id, hash]);
  }

  /** The first payment password: set only while there is none. Answers whether it was set. */
  async setFirstPayPassword(id: number, hash: string): Promise<boolean> {
    const rows = await this.db.query('update users set pay_password_hash = $2 where id = $1 and pay_password_hash is null returning id', [id, hash]);
    return rows.length > 0;
  }

  /** Counts a wrong payment password; the one that reaches `maxTries` locks until `lockUntil`. Answers whether it locked. */
  async recordWrongPayPassword(id: number, maxTries: number, lockUntil: Date): Promise<boolean> {
    const rows = await this.db.query<{ locks: boolean }>(
      `update users
          set pay_password_tries = case when pay_password_tries + 1 >= $2 then 0 else pay_password_tries + 1 end,
              pay_password_locked_until = case when pay_password_tries + 1 >= $2 then $3::timestamptz else pay_password_locked_until end
        where id = $1
        returning pay_password_tries = 0 as locks`,
      [id, maxTries, lockUntil],
    );
    return rows[0]?.locks ?? false;
  }

  /** The right payment password: the tries start again. */
  async clearPayPasswordTries(id: number): Promise<void> {
    await this.db.query(
      'update users set pay_password_tries = 0, pay_password_locked_until = null where id = $1 and (pay_password_tries <> 0 or pay_password_locked_until is not null)',
      [id],
    );
  }

  /** Binds an e-mail once: the update only happens while none is bound. */
  async bindEmail(id: number, email: string): Promise<boolean> {
    const rows = await this.db.query(`update users set email = $2 where id = $1 and email = '' returning id`, [
      id,
      email.toLowerCase(),
    ]);
    return rows.length > 0;
  }

  async setReviewStatus(id: number, status: number): Promise<void> {
    await this.db.query('update users set review_status = $2 where id = $1', [id, status]);
  }

  async lock(id: number, until: Date, reason: string): Promise<void> {
    await this.db.query('update users set locked_until = $2, lock_reason = $3 where id = $1', [id, until, reason]);
  }

  async unlock(id: number): Promise<void> {
    await this.db.query(`update users set locked_until = null, lock_reason = '' where id = $1`, [id]);
  }

  async setRegionAgent(id: number, agent: { cityName: string; districtName: string } | null): Promise<void> {
    await this.db.query(
      `update users set is_region_agent = $2, city_name = case when $2 then $3 else city_name end,
         district_name = case when $2 then $4 else district_name end where id = $1`,
      [id, agent !== null, agent?.cityName ?? '', agent?.districtName ?? ''],
    );
  }

  async setSeller(id: number, isSeller: boolean): Promise<void> {
    await this.db.query('update users set is_seller = $2 where id = $1', [id, isSeller]);
  }

  async listRegionUsers(agentId: number, limit: number, offset: number) {
    return this.db.query<RegionUserRow & { total: number }>(
      `select city_name, district_name, phone, account, created_at, (count(*) over ())::int as total
         from users where region_agent_id = $1 order by id desc limit $2 offset $3`,
      [agentId, limit, offset],
    );
  }

  async countRegionUsers(agentId: number): Promise<number> {
    const rows = await this.db.query<{ n: number }>('select count(*)::int as n from users where region_agent_id = $1', [agentId]);
    return rows[0]?.n ?? 0;
  }
}
