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
  failed_logins: number;
  locked_until: Date | null;
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
}

const COLUMNS = `id, account, email, phone, country_code, password_hash, extension_code, parent_id,
  is_vistor, is_seller, credit, review_status, failed_logins, locked_until, created_at`;

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
  async findGuestAccount(): Promise<UserRow | undefined> {
    const rows = await this.db.query<UserRow>(
      `select ${COLUMNS} from users where is_vistor order by id limit 1`,
    );
    return rows[0];
  }

  async create(user: NewUser): Promise<UserRow> {
    const rows = await this.db.query<UserRow>(
      `insert into users (account, email, phone, country_code, password_hash, extension_code, parent_id, is_vistor)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${COLUMNS}`,
      [
        user.account.toLowerCase(),
        user.email ?? '',
        user.phone ?? '',
        user.countryCode ?? '',
        user.passwordHash,
        user.extensionCode,
        user.parentId ?? null,
        user.isVistor ?? false,
      ],
    );
    const created = rows[0];
    if (!created) throw new Error('insert into users returned no row');
    return created;
  }

  /** Counts a failed login; `lockUntil` set when this failure reaches the limit. */
  async recordFailedLogin(id: number, lockUntil: Date | null): Promise<void> {
    await this.db.query(
      `update users set failed_logins = case when $2::timestamptz is null then failed_logins + 1 else 0 end,
         locked_until = coalesce($2::timestamptz, locked_until)
       where id = $1`,
      [id, lockUntil],
    );
  }

  async clearFailedLogins(id: number): Promise<void> {
    await this.db.query('update users set failed_logins = 0 where id = $1 and failed_logins <> 0', [id]);
  }
}
