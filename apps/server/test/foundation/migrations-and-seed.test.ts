import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate';
import { seed } from '../../src/db/seed/seed';
import type { Database } from '../../src/db/database';
import { createTestDatabase, describeEachDatabase } from '../support/test-app';

describeEachDatabase('migrations and seed', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind, { empty: true });
  });
  afterAll(() => db.close());

  it('applies every migration once, and nothing on a second run', async () => {
    const first = await migrate(db);
    expect(first.length).toBeGreaterThan(0);
    expect(await migrate(db)).toEqual([]);
    const recorded = await db.query<{ name: string }>('select name from schema_migrations order by name');
    expect(recorded.map((row) => row.name)).toEqual(first);
  });

  it('seeds once: a second start leaves the operator data alone', async () => {
    const options = { demoData: true, supportUrl: 'mailto:a@b.example', appDownloadUrl: 'https://b.example' };
    expect(await seed(db, options)).toBe(true);
    await db.query(`update news set title = 'edited by the operator' where id = 1`);
    expect(await seed(db, options)).toBe(false);
    const rows = await db.query<{ title: string }>('select title from news where id = 1');
    expect(rows[0]?.title).toBe('edited by the operator');
  });

  it('keeps money as exact text, never a float', async () => {
    const rows = await db.query<{ usdt_price: unknown }>('select usdt_price from currencies where id = 1');
    expect(typeof rows[0]?.usdt_price).toBe('string');
  });
});
