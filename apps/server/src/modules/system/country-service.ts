import type { Queryable } from '../../db/database';

export interface CountryRow {
  country_id: number;
  area_code: string;
  name_cn: string;
  name_en: string;
}

export class CountryRepository {
  constructor(private readonly db: Queryable) {}

  list(): Promise<CountryRow[]> {
    return this.db.query<CountryRow>('select country_id, area_code, name_cn, name_en from countries order by sort, country_id');
  }

  /** The dialling codes of the listed countries, each once (`1` serves several). */
  async diallingCodes(): Promise<string[]> {
    const rows = await this.db.query<{ area_code: string }>('select distinct area_code from countries');
    return rows.map((row) => row.area_code);
  }
}

/** The registration country list; reference data an operator may edit in the database. */
export class CountryService {
  constructor(private readonly countries: CountryRepository) {}

  list(): Promise<CountryRow[]> {
    return this.countries.list();
  }
}
