import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { databaseUrl, onTestServer } from './database-templates';
import { openPglite, openPostgres, type Database } from '../../src/db/database';
import type { DatabaseKind } from './test-app';

/** Where a server process under test keeps its data, and how the test reads it afterwards. */
export interface ProcessDatabase {
  /** the settings the server process starts with */
  env: Record<string, string>;
  /** opens the same database in the test (after the process is gone, for PGlite) */
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

/**
 * A fresh data folder, and for PostgreSQL a database of its own on the TEST_DATABASE_URL server
 * (main.ts takes a plain DATABASE_URL), dropped by `cleanup`.
 */
export async function processDatabase(kind: DatabaseKind, prefix: string): Promise<ProcessDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `tessera-${prefix}-`));
  if (kind === 'pglite') {
    return { env: { DATA_DIR: dataDir }, open: () => openPglite(path.join(dataDir, 'pglite')), cleanup: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await onTestServer(`create database ${name}`);
  const url = databaseUrl(name);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    open: () => openPostgres({ connectionString: url }),
    cleanup: async () => {
      await onTestServer(`drop database if exists ${name} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
