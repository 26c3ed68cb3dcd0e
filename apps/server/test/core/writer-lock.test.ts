import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, writeFile, access, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPglite, openPostgres, WRITER_TAKEN } from '../../src/db/database';
import { claimLockFile } from '../../src/db/lock-file';
import { hashFiles, runToExit } from '../support/run-script';
import { startServerProcess } from '../support/server-process';

const MAIN = 'apps/server/src/main.ts';
const AUDIT = 'apps/server/src/scripts/audit.ts';

describe('one core per database: the embedded database’s lock file', () => {
  it('refuses a second claim while held, and takes over a lock whose process died', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'tessera-lock-')), 'pglite.lock');
    const release = await claimLockFile(file, WRITER_TAKEN);
    expect(await readFile(file, 'utf8')).toMatch(new RegExp(`^${process.pid}( \\d+)?$`));
    await expect(claimLockFile(file, WRITER_TAKEN)).rejects.toThrow(WRITER_TAKEN);
    await release();
    await expect(access(file)).rejects.toThrow();

    // a process that ran and ended: its pid no longer runs
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    await writeFile(file, String(dead));
    const again = await claimLockFile(file, WRITER_TAKEN);
    expect(await readFile(file, 'utf8')).toMatch(new RegExp(`^${process.pid}( \\d+)?$`));
    await again();

    // a live Node process (a lock of an older version: its pid alone) keeps its lock
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await writeFile(file, String(live.pid));
      await expect(claimLockFile(file, WRITER_TAKEN)).rejects.toThrow(WRITER_TAKEN);
      // the same pid with another start time: the pid was reused by a later process
      await writeFile(file, `${live.pid} 1`);
      const reused = await claimLockFile(file, WRITER_TAKEN);
      await reused();
    } finally {
      live.kill();
    }
  });

  it.runIf(process.platform === 'linux')('takes over a stale lock whose pid now belongs to another live program', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'tessera-lock-')), 'pglite.lock');
    // pid 1 always runs, and it is not this program
    await writeFile(file, '1');
    const release = await claimLockFile(file, WRITER_TAKEN);
    expect(await readFile(file, 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+$`));
    await release();
  });

  it('releases the lock when the data directory fails to open', async () => {
    // a plain file where the data directory belongs: opening it fails
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'tessera-lock-')), 'pglite');
    await writeFile(dataDir, 'not a database');
    await expect(openPglite(dataDir)).rejects.toThrow();
    await expect(access(`${dataDir}.lock`)).rejects.toThrow();
  });
});

describe('one core per DATA_DIR: processes beside a running server on the embedded database', () => {
  it('refuses a second server and the audit before they open the data directory: not a byte of it changes', { timeout: 240_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tessera-second-'));
    const pglite = path.join(dataDir, 'pglite');
    try {
      const server = await startServerProcess({ DATA_DIR: dataDir });
      try {
        // paused, the running server writes nothing: any change now would be the other processes' doing
        server.child.kill('SIGSTOP');
        const before = await hashFiles(pglite);
        expect(Object.keys(before).length).toBeGreaterThan(0);

        const second = await runToExit(MAIN, { DATA_DIR: dataDir });
        expect(second.output).toContain(WRITER_TAKEN);
        expect(second.code).toBe(1);

        const audit = await runToExit(AUDIT, { DATA_DIR: dataDir });
        expect(audit.output).toContain(`audit: a server is running on ${dataDir}`);
        expect(audit.code).toBe(2);

        expect(await hashFiles(pglite)).toEqual(before);
      } finally {
        server.child.kill('SIGCONT');
        await server.stop();
      }
      // once the server has stopped, the audit opens the data directory itself
      const audit = await runToExit(AUDIT, { DATA_DIR: dataDir });
      expect(audit.output).toContain('audit: ok');
      expect(audit.code).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

const connectionString = process.env.TEST_DATABASE_URL;
describe.runIf(connectionString)('one core per database: PostgreSQL’s advisory lock', () => {
  it('lets one process claim a schema’s core; the next claim waits for its close', async () => {
    const url = connectionString ?? '';
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const first = await openPostgres({ connectionString: url, schema, max: 1 });
    const second = await openPostgres({ connectionString: url, schema, max: 1 });
    const elsewhere = await openPostgres({ connectionString: url, schema: 'public', max: 1 });
    try {
      await first.claimWriter();
      await expect(second.claimWriter()).rejects.toThrow(WRITER_TAKEN);
      // another schema is another database as far as the core goes
      await elsewhere.claimWriter();
      await first.close();
      await second.claimWriter();
    } finally {
      await second.close();
      await elsewhere.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  });
});

describe.runIf(connectionString)('one core per database: processes beside a running server on PostgreSQL', () => {
  it('refuses a second server before it writes anything; the audit reads beside the live server', { timeout: 240_000 }, async () => {
    const base = connectionString ?? '';
    // a database of its own: the server takes a plain DATABASE_URL
    const name = `second_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tessera-second-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
    try {
      const server = await startServerProcess(env);
      try {
        // a start creates the configured operator when it is missing: a second server refused
        // before it writes leaves no operator of its own behind
        const second = await runToExit(MAIN, { ...env, ADMIN_EMAIL: 'second@tessera.example' });
        expect(second.output).toContain(WRITER_TAKEN);
        expect(second.code).toBe(1);
        const check = new pg.Client({ connectionString: url.toString() });
        await check.connect();
        const operators = await check.query(`select 1 from operators where email = 'second@tessera.example'`);
        await check.end();
        expect(operators.rows).toEqual([]);
        const audit = await runToExit(AUDIT, env);
        expect(audit.output).toContain('audit: ok');
        expect(audit.code).toBe(0);
      } finally {
        await server.stop();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
