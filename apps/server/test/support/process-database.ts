import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
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
  const base = process.env.TEST_DATABASE_URL ?? '';
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openPostgres({ connectionString: url.toString() }),
    cleanup: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
