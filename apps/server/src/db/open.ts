import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import { openPglite, openPostgres, type Database } from './database';

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite under DATA_DIR. */
export async function openDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres({ connectionString: config.DATABASE_URL });
  const dir = path.join(config.DATA_DIR, 'pglite');
  await mkdir(dir, { recursive: true });
  return openPglite(dir);
}

const READ_ONLY_CODES = new Set(['EROFS', 'EACCES', 'EPERM']);

/**
 * The database for a read-only job (`npm run audit`): as `openDatabase`, but an embedded data
 * folder this process may not write (a read-only mount, another owner's files) is copied to a
 * temporary folder and the copy opened, so the original is never written. `close()` removes the copy.
 */
export async function openForReading(config: Config, open: (config: Config) => Promise<Database> = openDatabase): Promise<Database> {
  try {
    return await open(config);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (config.DATABASE_URL || code === undefined || !READ_ONLY_CODES.has(code)) throw error;
  }
  const copy = await mkdtemp(path.join(tmpdir(), 'tessera-read-only-'));
  await cp(path.join(config.DATA_DIR, 'pglite'), path.join(copy, 'pglite'), { recursive: true });
  const db = await openPglite(path.join(copy, 'pglite'));
  return {
    ...db,
    async close() {
      await db.close();
      await rm(copy, { recursive: true, force: true });
    },
  };
}
