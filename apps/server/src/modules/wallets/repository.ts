import type { Queryable } from '../../db/database';

export interface WalletCurrencyRow {
  id: number;
  name: string;
  currency_type: string;
  usdt_price: string;
  is_legal: boolean;
  is_match: boolean;
  is_micro: boolean;
  is_lever: boolean;
}

export interface TransferRow {
  reference: string;
  currency_id: number;
  from_wallet: string;
  to_wallet: string;
  amount: string;
  created_at: Date;
  total: number;
}

/** Reads for the wallet screens; balances themselves come from the core. */
export class WalletRepository {
  constructor(private readonly db: Queryable) {}

  currencies(): Promise<WalletCurrencyRow[]> {
    return this.db.query<WalletCurrencyRow>(
      `select id, name, currency_type, usdt_price::text, is_legal, is_match, is_micro, is_lever
         from currencies where is_display order by sort, id`,
    );
  }

  /** A transfer is two ledger entries under one reference: the debit names `from`, the credit `to`. */
  transfers(userId: number, limit: number, offset: number): Promise<TransferRow[]> {
    return this.db.query<TransferRow>(
      `select d.reference, d.currency_id, d.wallet as from_wallet, c.wallet as to_wallet, c.delta_available::text as amount,
              d.created_at, (count(*) over ())::int as total
         from ledger_entries d
         join ledger_entries c on c.reference = d.reference and c.user_id = d.user_id and c.delta_available > 0
        where d.user_id = $1 and d.reason = 'transfer' and c.reason = 'transfer' and d.delta_available < 0
        order by d.id desc limit $2 offset $3`,
      [userId, limit, offset],
    );
  }

}
