import type { CashInfo } from '@tessera/protocol';
import type { Queryable } from '../../db/database';

/** Payment methods: one row per user, plain user data (no money). */
export class CashInfoRepository {
  constructor(private readonly db: Queryable) {}

  async find(userId: number): Promise<CashInfo | undefined> {
    const rows = await this.db.query<CashInfo>(
      'select real_name, bank_name, bank_account, alipay_account, wechat_account, wechat_nickname from user_cash_info where user_id = $1',
      [userId],
    );
    return rows[0];
  }

  /** The payment methods of several users at once (the two parties of orders). */
  async findMany(userIds: number[]): Promise<Map<number, CashInfo>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db.query<CashInfo & { user_id: number }>(
      `select user_id, real_name, bank_name, bank_account, alipay_account, wechat_account, wechat_nickname
         from user_cash_info where user_id = any($1::int[])`,
      [userIds],
    );
    return new Map(rows.map(({ user_id, ...info }) => [user_id, info]));
  }

  async save(userId: number, info: CashInfo, now: Date): Promise<void> {
    await this.db.query(
      `insert into user_cash_info (user_id, real_name, bank_name, bank_account, alipay_account, wechat_account, wechat_nickname, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (user_id) do update set real_name = excluded.real_name, bank_name = excluded.bank_name, bank_account = excluded.bank_account,
         alipay_account = excluded.alipay_account, wechat_account = excluded.wechat_account, wechat_nickname = excluded.wechat_nickname,
         updated_at = excluded.updated_at`,
      [userId, info.real_name, info.bank_name, info.bank_account, info.alipay_account, info.wechat_account, info.wechat_nickname, now],
    );
  }
}
