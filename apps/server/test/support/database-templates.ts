import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a file holding a migrated embedded database, for each test's PGlite to start from */
    pgliteTemplate: string;
    /** a migrated PostgreSQL database on TEST_DATABASE_URL's server, each test's copied from it ('' without one) */
    postgresTemplate: string;
  }
}

/** TEST_DATABASE_URL with another database's name. */
export function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `statement` on TEST_DATABASE_URL's database (creating and dropping databases and schemas). */
export async function onTestServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Vitest's global setup of the server's tests: every migration applied once per run, to an
 * embedded database dumped to a file and to a PostgreSQL template database, so each test's
 * database starts as a copy (a fraction of a second) instead of running initdb and every
 * migration again (seconds each, on every file's database).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const lite = await openPglite();
  await migrate(lite);
  const file = path.join(tmpdir(), `tessera-template-${randomBytes(6).toString('hex')}.tar`);
  await writeFile(file, Buffer.from(await (await lite.dump()).arrayBuffer()));
  await lite.close();
  project.provide('pgliteTemplate', file);

  let template = '';
  if (process.env.TEST_DATABASE_URL) {
    template = `tessera_template_${randomBytes(6).toString('hex')}`;
    await onTestServer(`create database ${template}`);
    const db = await openPostgres({ connectionString: databaseUrl(template), max: 1 });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
  }
  project.provide('postgresTemplate', template);

  return async () => {
    await rm(file, { force: true });
    if (template) await onTestServer(`drop database if exists ${template} with (force)`);
  };
}
