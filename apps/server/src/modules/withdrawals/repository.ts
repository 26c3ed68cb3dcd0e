import type { Queryable } from '../../db/database';

export interface SavedAddressRow {
  id: number;
  user_id: number;
  currency_id: number;
  network: string;
  address: string;
  memo: string;
  notes: string;
  /** while the allow-list is on, the address may be used from this time; null: at once */
  usable_at: Date | null;
}

export interface WithdrawalRecordRow {
  id: string;
  user_id: number;
  currency_id: number;
  wallet: string;
  network: string;
  address: string;
  memo: string;
  amount: string;
  fee: string;
  status: string;
  tx_hash: string;
  note: string;
  created_at: Date;
  updated_at: Date;
  total: number;
}

/** Reads of withdrawals (the core writes them) and the saved-address book (written here). */
export class WithdrawalRepository {
  constructor(private readonly db: Queryable) {}

  savedAddresses(userId: number, currencyId: number | undefined): Promise<SavedAddressRow[]> {
    return this.db.query<SavedAddressRow>(
      `select id, user_id, currency_id, network, address, memo, notes, usable_at from withdraw_addresses
        where user_id = $1 and ($2::int is null or currency_id = $2) order by id`,
      [userId, currencyId ?? null],
    );
  }

  /** Answers undefined when the user already saved this address for this currency and network. */
  async saveAddress(input: Omit<SavedAddressRow, 'id'>): Promise<number | undefined> {
    const [row] = await this.db.query<{ id: number }>(
      `insert into withdraw_addresses (user_id, currency_id, network, address, memo, notes, usable_at) values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (user_id, currency_id, network, address) do nothing returning id`,
      [input.user_id, input.currency_id, input.network, input.address, input.memo, input.notes, input.usable_at],
    );
    return row?.id;
  }

  async findAddress(id: number): Promise<SavedAddressRow | undefined> {
    const [row] = await this.db.query<SavedAddressRow>(
      'select id, user_id, currency_id, network, address, memo, notes, usable_at from withdraw_addresses where id = $1',
      [id],
    );
    return row;
  }

  async deleteAddress(id: number, userId: number): Promise<boolean> {
    return (await this.db.query('delete from withdraw_addresses where id = $1 and user_id = $2 returning id', [id, userId])).length > 0;
  }

  listOfUser(userId: number, currencyId: number | undefined, limit: number, offset: number): Promise<WithdrawalRecordRow[]> {
    return this.db.query<WithdrawalRecordRow>(
      `select id::text, user_id, currency_id, wallet, network, address, memo, amount::text, fee::text, status, tx_hash, note,
              created_at, updated_at, (count(*) over ())::int as total
         from withdrawals where user_id = $1 and ($2::int is null or currency_id = $2) order by id desc limit $3 offset $4`,
      [userId, currencyId ?? null, limit, offset],
    );
  }

  listByStatus(status: string | undefined, limit: number, offset: number) {
    return this.db.query<WithdrawalRecordRow & { account: string }>(
      `select w.id::text, w.user_id, w.currency_id, w.wallet, w.network, w.address, w.memo, w.amount::text, w.fee::text, w.status,
              w.tx_hash, w.note, w.created_at, w.updated_at, u.account, (count(*) over ())::int as total
         from withdrawals w join users u on u.id = w.user_id
        where ($1::text is null or w.status = $1) order by w.id desc limit $2 offset $3`,
      [status ?? null, limit, offset],
    );
  }

  async find(id: number): Promise<WithdrawalRecordRow | undefined> {
    const [row] = await this.db.query<WithdrawalRecordRow>(
      `select id::text, user_id, currency_id, wallet, network, address, memo, amount::text, fee::text, status, tx_hash, note,
              created_at, updated_at, 1 as total from withdrawals where id = $1`,
      [id],
    );
    return row;
  }
}
