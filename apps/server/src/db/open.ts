import { mkdir } from 'node:fs/promises';
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
