import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, writeFile, access } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres, WRITER_TAKEN } from '../../src/db/database';
import { claimLockFile } from '../../src/db/lock-file';

describe('one core per database: the embedded database’s lock file', () => {
  it('refuses a second claim while held, and takes over a lock whose process died', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'tessera-lock-')), 'pglite.lock');
    const release = await claimLockFile(file, WRITER_TAKEN);
    expect(await readFile(file, 'utf8')).toBe(String(process.pid));
    await expect(claimLockFile(file, WRITER_TAKEN)).rejects.toThrow(WRITER_TAKEN);
    await release();
    await expect(access(file)).rejects.toThrow();

    // a process that ran and ended: its pid no longer runs
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    await writeFile(file, String(dead));
    const again = await claimLockFile(file, WRITER_TAKEN);
    expect(await readFile(file, 'utf8')).toBe(String(process.pid));
    await again();

    // pid 1 always runs: a live owner keeps its lock
    await writeFile(file, '1');
    await expect(claimLockFile(file, WRITER_TAKEN)).rejects.toThrow(WRITER_TAKEN);
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
