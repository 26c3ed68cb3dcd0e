import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, inject } from 'vitest';
import { buildApp, type App } from '../../src/app/build-app';
import { loadConfig, type Config } from '../../src/config';
import { openPglite, openPostgres, type Database } from '../../src/db/database';
import { prepareDatabase } from '../../src/app/bootstrap';
import type { Clock } from '../../src/lib/time';
import { databaseUrl, onTestServer } from './database-templates';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases integration tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Declares the same suite once per test database. */
export function describeEachDatabase(name: string, suite: (kind: DatabaseKind) => void): void {
  for (const kind of TEST_DATABASES) describe(`${name} [${kind}]`, () => suite(kind));
}

/**
 * A fresh database with every migration applied, copied from the run's templates
 * (`database-templates.ts`): in-memory PGlite, or a PostgreSQL database of its own on
 * TEST_DATABASE_URL's server. `empty`: no migration applied (the tests of migrations themselves),
 * PGlite made anew, PostgreSQL a schema of its own.
 */
export async function createTestDatabase(kind: DatabaseKind, options: { empty?: boolean } = {}): Promise<Database> {
  if (kind === 'pglite') {
    const template = provided('pgliteTemplate');
    return options.empty || !template ? openPglite() : openPglite(undefined, { startFrom: await pgliteTemplate(template) });
  }
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const template = provided('postgresTemplate');
  if (options.empty || !template) return emptyPostgresSchema(process.env.TEST_DATABASE_URL);
  const name = `test_${randomBytes(6).toString('hex')}`;
  await onTestServer(`create database ${name} template ${template}`);
  const db = await openPostgres({ connectionString: databaseUrl(name), max: 4 });
  return {
    ...db,
    async close() {
      await db.close();
      await onTestServer(`drop database if exists ${name} with (force)`);
    },
  };
}

/** What the run's global setup made; undefined outside a Vitest run (a benchmark), whose databases then start empty. */
function provided(key: 'pgliteTemplate' | 'postgresTemplate'): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}

/** The migrated embedded database every test's PGlite starts from, read once per test file. */
let pgliteDump: Promise<Blob> | undefined;
function pgliteTemplate(file: string): Promise<Blob> {
  pgliteDump ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteDump;
}

async function emptyPostgresSchema(connectionString: string): Promise<Database> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await onTestServer(`create schema ${schema}`);
  const db = await openPostgres({ connectionString, schema, max: 4 });
  return {
    ...db,
    async close() {
      await db.close();
      await onTestServer(`drop schema ${schema} cascade`);
    },
  };
}

export interface TestApp extends App {
  db: Database;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  clock?: Clock;
  env?: Record<string, string>;
}

/** The real server on a fresh seeded database, ready for `inject` (no port is opened). */
export async function createTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const db = await createTestDatabase(kind);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MARKET_MAKERS: 'off', DATA_DIR: await mkdtemp(path.join(tmpdir(), 'tessera-test-')), ...options.env });
  await prepareDatabase(db, config);
  const app = await buildApp({ config, db, ...(options.clock ? { clock: options.clock } : {}) });
  await app.http.ready();
  return {
    ...app,
    db,
    config,
    async close() {
      await app.http.close();
      await db.close();
      await rm(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}
