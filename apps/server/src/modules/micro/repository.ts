import type { Queryable } from '../../db/database';
import { SettingsRepository } from '../system/settings-repository';
import { DEFAULT_MICRO_SETTINGS, MICRO_SETTING_KEY, type MicroSettingsValue } from './settings';

export interface MicroCurrencyRow {
  id: number;
  name: string;
  is_micro: boolean;
  decimals: number;
}

export interface MicroPairRow {
  id: number;
  currency_id: number;
  legal_id: number;
  symbol: string;
  open_microtrade: boolean;
  is_display: boolean;
  price_precision: number;
}

export interface MicroOrderRow {
  id: string;
  pair_id: number;
  currency_id: number;
  type: number;
  seconds: number;
  number: string;
  fee: string;
  profit_ratio: string;
  open_price: string;
  opened_at: Date;
  expires_at: Date;
  status: number;
  end_price: string | null;
  fact_profits: string | null;
  settled_at: Date | null;
  total: number;
}

/** Second contracts: the operator's terms, currencies and pairs, and the contracts the core wrote. */
export class MicroRepository {
  private readonly settings: SettingsRepository;

  constructor(private readonly db: Queryable) {
    this.settings = new SettingsRepository(db);
  }

  async terms(): Promise<MicroSettingsValue> {
    return (await this.settings.get<MicroSettingsValue>(MICRO_SETTING_KEY)) ?? DEFAULT_MICRO_SETTINGS;
  }

  saveTerms(value: MicroSettingsValue): Promise<void> {
    return this.settings.set(MICRO_SETTING_KEY, value);
  }

  currencies(ids: number[]): Promise<MicroCurrencyRow[]> {
    return this.db.query<MicroCurrencyRow>('select id, name, is_micro, decimals from currencies where id = any($1::int[]) order by sort, id', [ids]);
  }

  pairs(): Promise<MicroPairRow[]> {
    return this.db.query<MicroPairRow>(
      `select p.id, p.currency_id, p.legal_id, c.name || '/' || l.name as symbol, p.open_microtrade, p.is_display, p.price_precision
         from currency_pairs p join currencies c on c.id = p.currency_id join currencies l on l.id = p.legal_id order by p.sort, p.id`,
    );
  }

  async pair(id: number): Promise<MicroPairRow | undefined> {
    return (await this.pairs()).find((pair) => pair.id === id);
  }

  /** Answers whether the pair exists. */
  async setPairOpen(id: number, open: boolean): Promise<boolean> {
    const rows = await this.db.query<{ id: number }>('update currency_pairs set open_microtrade = $2 where id = $1 returning id', [id, open]);
    return rows.length > 0;
  }

  async houseAccount(): Promise<number | undefined> {
    const [house] = await this.db.query<{ id: number }>(`select id from users where kind = 'house' order by id limit 1`);
    return house?.id;
  }

  orders(userId: number, status: number, pairId: number | undefined, limit: number, offset: number): Promise<MicroOrderRow[]> {
    return this.db.query<MicroOrderRow>(
      `select id::text, pair_id, currency_id, type, seconds, number::text, fee::text, profit_ratio::text, open_price::text, opened_at,
              expires_at, status, end_price::text, fact_profits::text, settled_at, count(*) over ()::int as total
         from micro_contracts where user_id = $1 and status = $2 and ($3::int is null or pair_id = $3)
        order by id desc limit $4 offset $5`,
      [userId, status, pairId ?? null, limit, offset],
    );
  }
}
