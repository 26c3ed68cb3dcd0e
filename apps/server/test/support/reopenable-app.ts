import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app/build-app';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig } from '../../src/config';
import type { Clock } from '../../src/lib/time';
import { createTestDatabase, type DatabaseKind, type TestApp } from './test-app';

/**
 * The real server on a fresh seeded database that outlives it: `restart()` closes the server and
 * builds a new one on the same database (a process restart: the core loads everything again).
 */
export async function createReopenableApp(kind: DatabaseKind, clock: Clock) {
  const db = await createTestDatabase(kind);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MARKET_MAKERS: 'off', DATA_DIR: await mkdtemp(path.join(tmpdir(), 'tessera-reopen-')) });
  await prepareDatabase(db, config);
  const open = async (): Promise<TestApp> => {
    const app = await buildApp({ config, db, clock });
    await app.http.ready();
    return { ...app, db, config, close: () => app.http.close() };
  };
  let current = await open();
  return {
    get app() {
      return current;
    },
    async restart(): Promise<TestApp> {
      await current.http.close();
      current = await open();
      return current;
    },
    async close() {
      await current.http.close();
      await db.close();
      await rm(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}
