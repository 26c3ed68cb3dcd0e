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
  decimals: number;
  can_deposit: boolean;
  can_withdraw: boolean;
  networks: string[];
  withdraw_min: string;
  withdraw_max: string;
  withdraw_day_limit: string;
  withdraw_fee: string;
  micro_withdraw_percent: string;
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
      `select id, name, currency_type, usdt_price::text, is_legal, is_match, is_micro, is_lever, decimals, can_deposit,
              can_withdraw, networks, withdraw_min::text, withdraw_max::text, withdraw_day_limit::text, withdraw_fee::text,
              micro_withdraw_percent::text
         from currencies where is_display order by sort, id`,
    );
  }

  /** Currency names by id, for record lists. */
  async names(): Promise<Map<number, string>> {
    return new Map((await this.currencies()).map((currency) => [currency.id, currency.name]));
  }

  async currency(id: number): Promise<WalletCurrencyRow | undefined> {
    return (await this.currencies()).find((currency) => currency.id === id);
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

  /** Ledger entries of one user, newest first; a wallet and a currency narrow them. */
  entries(userId: number, filter: { wallet?: string; currencyId?: number }, limit: number, offset: number): Promise<LedgerEntryRow[]> {
    return this.db.query<LedgerEntryRow>(
      `select id::text, currency_id, wallet, delta_available::text, delta_locked::text, reason, created_at, (count(*) over ())::int as total
         from ledger_entries
        where user_id = $1 and ($2::text is null or wallet = $2) and ($3::int is null or currency_id = $3)
        order by id desc limit $4 offset $5`,
      [userId, filter.wallet ?? null, filter.currencyId ?? null, limit, offset],
    );
  }
}

export interface LedgerEntryRow {
  id: string;
  currency_id: number;
  wallet: string;
  delta_available: string;
  delta_locked: string;
  reason: string;
  created_at: Date;
  total: number;
}
