import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { openPglite } from '../../src/db/database';
import { openForReading } from '../../src/db/open';
import { hashFiles } from '../support/run-script';

it('a read-only embedded data folder is read from a copy: nothing of it is written', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tessera-ro-'));
  try {
    const original = await openPglite(path.join(dataDir, 'pglite'));
    await original.exec(`create table facts (n int); insert into facts values (42);`);
    await original.close();
    const before = await hashFiles(dataDir);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    // the folder refuses writes (a read-only mount): opening it in place fails as the lock file does
    const readOnly = async () => {
      throw Object.assign(new Error(`EROFS: read-only file system, open '${dataDir}/pglite.lock'`), { code: 'EROFS' });
    };
    const db = await openForReading(config, readOnly);
    expect(await db.query<{ n: number }>('select n from facts')).toEqual([{ n: 42 }]);
    await db.close();
    expect(await hashFiles(dataDir)).toEqual(before);
    // any other failure is not hidden
    await expect(openForReading(config, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
