import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../src/db/database';

const MIGRATIONS = path.join(import.meta.dirname, '../../src/db/migrations');

/**
 * Brings an empty database to where it stood before migration `before` (its file name's number,
 * `'037'`), each migration recorded as applied, so that a test can write what the old schema held
 * and then run `migrate` over it.
 */
export async function migrateBefore(db: Database, before: string): Promise<void> {
  await db.exec('create table schema_migrations (name text primary key, applied_at timestamptz not null default now())');
  for (const file of (await readdir(MIGRATIONS)).filter((name) => name.endsWith('.sql') && name < before).sort()) {
    await db.exec(await readFile(path.join(MIGRATIONS, file), 'utf8'));
    await db.query('insert into schema_migrations (name) values ($1)', [file]);
  }
}
