import type { Queryable } from '../../db/database';

/** Operator settings: one JSON value per key. */
export class SettingsRepository {
  constructor(private readonly db: Queryable) {}

  async get<T>(key: string): Promise<T | undefined> {
    const rows = await this.db.query<{ value: T }>('select value from settings where key = $1', [key]);
    return rows[0]?.value;
  }

  async set(key: string, value: unknown): Promise<void> {
    await this.db.query(
      `insert into settings (key, value) values ($1, $2::jsonb)
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [key, JSON.stringify(value)],
    );
  }
}
