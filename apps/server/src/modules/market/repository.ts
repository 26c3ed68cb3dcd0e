import type { Queryable } from '../../db/database';

export interface CurrencyRow {
  id: number;
  name: string;
  full_name: string;
  logo: string;
  currency_type: string;
  is_legal: boolean;
  is_match: boolean;
  is_micro: boolean;
  is_lever: boolean;
}

export interface FiatRow {
  id: number;
  name: string;
}

const CURRENCY_COLUMNS = 'id, name, full_name, logo, currency_type, is_legal, is_match, is_micro, is_lever';

export class CurrencyRepository {
  constructor(private readonly db: Queryable) {}

  listDisplayed(): Promise<CurrencyRow[]> {
    return this.db.query<CurrencyRow>(
      `select ${CURRENCY_COLUMNS} from currencies where is_display order by sort, id`,
    );
  }

  async findById(id: number): Promise<CurrencyRow | undefined> {
    const rows = await this.db.query<CurrencyRow>(`select ${CURRENCY_COLUMNS} from currencies where id = $1`, [id]);
    return rows[0];
  }

  /** The description in `lang`, else English, else empty. */
  async description(id: number, lang: string): Promise<string> {
    const rows = await this.db.query<{ body: string }>(
      `select body from currency_descriptions where currency_id = $1 and lang in ($2, 'en')
        order by (lang = $2) desc limit 1`,
      [id, lang],
    );
    return rows[0]?.body ?? '';
  }

  listFiat(): Promise<FiatRow[]> {
    return this.db.query<FiatRow>('select id, name from fiat_currencies order by sort, id');
  }
}
