import type { Queryable } from '../../db/database';

export interface MakerPairRow {
  pair_id: number;
  currency_id: number;
  legal_id: number;
  usdt_price: string;
  /** whether operators let the makers quote this pair */
  market_maker: boolean;
}

/** The maker accounts and the reference prices they start from. */
export class MarketMakerRepository {
  constructor(private readonly db: Queryable) {}

  /** The maker accounts, created on first use: system accounts that can never log in. */
  async ensureMakers(count: number): Promise<number[]> {
    for (let index = 1; index <= count; index += 1) {
      await this.db.query(
        `insert into users (account, password_hash, extension_code, kind) values ($1, '!', $2, 'maker')
         on conflict (account) do nothing`,
        [`system:maker-${index}`, `SYSMKR${String(index).padStart(2, '0')}`],
      );
    }
    const rows = await this.db.query<{ id: number }>(`select id from users where kind = 'maker' order by id limit $1`, [count]);
    return rows.map((row) => row.id);
  }

  /**
   * The ids of accounts the operator named (e-mail or phone, as they log in), in the order given.
   * Only ordinary, non-guest accounts qualify; throws naming those that do not, so a server with a
   * wrong setting refuses to start.
   */
  async operatorAccounts(accounts: readonly string[]): Promise<number[]> {
    const ids: number[] = [];
    const missing: string[] = [];
    for (const account of accounts) {
      const rows = await this.db.query<{ id: number }>(`select id from users where account = $1 and kind = 'user' and not is_vistor`, [account]);
      const id = rows[0]?.id;
      if (id === undefined) missing.push(account);
      else ids.push(id);
    }
    if (missing.length > 0) {
      throw new Error(`invalid configuration:\n  MARKET_MAKER_ACCOUNTS: no such user account: ${missing.join(', ')}`);
    }
    return ids;
  }

  /** Every pair, hidden ones too: whether one is shown is the core's, read at every step (an operator may change it). */
  pairs(): Promise<MakerPairRow[]> {
    return this.db.query<MakerPairRow>(
      `select p.id as pair_id, p.currency_id, p.legal_id, c.usdt_price::text as usdt_price, p.market_maker
         from currency_pairs p join currencies c on c.id = p.currency_id
        order by p.sort, p.id`,
    );
  }
}
