import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import { prepareDatabase } from '../../src/app/bootstrap';
import { buildApp } from '../../src/app/build-app';
import { loadConfig } from '../../src/config';
import { parseAmount } from '../../src/core/amount';
import { newCommandKey } from '../../src/core/command-key';
import type { CoreCommand } from '../../src/core/commands';
import { openPostgres, type Database } from '../../src/db/database';
import { createTestDatabase, describeEachDatabase } from '../support/test-app';

const USDT = 3;

/** The database with its writes (the core's batch and probe statements) refused on demand, and its reload held. */
function faulty(db: Database) {
  const control = { writesFail: false, holdReload: undefined as Promise<void> | undefined, reloadReached: () => {} };
  const wrapped: Database = {
    ...db,
    async query(sql, params) {
      if (control.holdReload && /\bfrom balances\b/.test(sql)) {
        control.reloadReached();
        await control.holdReload;
      }
      return db.query(sql, params);
    },
    async queryPrepared(sql, params) {
      if (control.writesFail) throw new Error('injected fault: no space left on device');
      return db.queryPrepared(sql, params);
    },
  };
  return { db: wrapped, control };
}

async function appOn(db: Database) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MARKET_MAKERS: 'off', DATA_DIR: await mkdtemp(path.join(tmpdir(), 'tessera-test-')) });
  await prepareDatabase(db, config);
  const app = await buildApp({ config, db });
  await app.http.ready();
  const health = async () => {
    const reply = await app.http.inject({ method: 'GET', url: '/api/health' });
    return { status: reply.statusCode, message: reply.json<{ message: Record<string, unknown> }>().message };
  };
  const userId = (await db.query<{ id: number }>(`select id from users where kind = 'fee' limit 1`))[0]?.id ?? 0;
  const credit = (): CoreCommand => ({ kind: 'adjust', key: newCommandKey('adjust'), userId, currencyId: USDT, wallet: 'change', amount: parseAmount('1'), reason: 'adjustment', reference: 'readiness test' });
  return { app, config, health, credit };
}

describeEachDatabase('readiness at /api/health, from the core state', (kind) => {
  it('is 503 "writes failing" while batch writes fail, "reload in progress" during the reload, and ready once a write succeeds', { timeout: 120_000 }, async () => {
    const base = await createTestDatabase(kind);
    const { db, control } = faulty(base);
    const { app, config, health, credit } = await appOn(db);
    try {
      expect(await health()).toEqual({ status: 200, message: { status: 'ok', database: kind, core: 'running', watchers: [] } });

      // a full disk: the write fails, the core reloads and runs on, but cannot take writes
      control.writesFail = true;
      await expect(app.core.execute(credit())).rejects.toMatchObject({ key: 'please retry' });
      expect(app.core.state).toBe('running');
      expect(await health()).toEqual({ status: 503, message: { status: 'unavailable', database: kind, core: 'running', reason: 'writes failing', watchers: [] } });
      expect((await health()).status).toBe(503);

      // the disk has room again: the probe write of the next health check succeeds, with no traffic
      control.writesFail = false;
      expect(await health()).toEqual({ status: 200, message: { status: 'ok', database: kind, core: 'running', watchers: [] } });

      // a reload in progress (after a failed write) is not ready either
      let release = () => {};
      control.holdReload = new Promise<void>((resolve) => (release = resolve));
      const reached = new Promise<void>((resolve) => (control.reloadReached = resolve));
      control.writesFail = true;
      const failed = app.core.execute(credit());
      await reached;
      control.writesFail = false;
      expect((await health()).message).toMatchObject({ status: 'unavailable', reason: 'reload in progress' });
      control.holdReload = undefined;
      release();
      await expect(failed).rejects.toMatchObject({ key: 'please retry' });
      expect(await app.core.execute(credit())).toEqual({ applied: true });
      expect((await health()).status).toBe(200);
    } finally {
      await app.http.close();
      await base.close();
      await rm(config.DATA_DIR, { recursive: true, force: true });
    }
  });
});

const url = process.env.TEST_DATABASE_URL;

it.runIf(url)('is 503 "writer lock lost" once the session holding the writer lock is gone, and the core takes nothing more [postgres]', { timeout: 120_000 }, async () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const name = `tessera-ready-${schema}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const db = await openPostgres({ connectionString: url!, schema, max: 4, applicationName: name, onConnectionError: () => {} });
  const { app, config, health, credit } = await appOn(db);
  try {
    expect((await health()).status).toBe(200);
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [`${name}:writer`]);
    await expect.poll(async () => (await health()).message, { timeout: 10_000 }).toEqual({ status: 'unavailable', database: 'postgres', core: 'failed', reason: 'writer lock lost', watchers: [] });
    expect((await health()).status).toBe(503);
    await expect(app.core.execute(credit())).rejects.toMatchObject({ key: 'please retry' });
  } finally {
    await app.http.close();
    await db.close().catch(() => undefined);
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
    await rm(config.DATA_DIR, { recursive: true, force: true });
  }
});
