import { prepareDatabase } from '../../src/app/bootstrap';
import { buildApp } from '../../src/app/build-app';
import { exitOnCoreFailure } from '../../src/app/crash-only';
import { loadConfig } from '../../src/config';
import { openPglite } from '../../src/db/database';
import { CoreFaults, withCoreFaults } from '../support/core-faults';

/**
 * The server as `main` wires it (`exitOnCoreFailure`), on a database that refuses the core's next
 * batch write and the reload after it. The process must end with code 1; ending with 0 means the
 * failed core was left serving. Settings come from the environment (DATA_DIR for uploads).
 */
const config = loadConfig();
const db = await openPglite();
await prepareDatabase(db, config);
const faults = new CoreFaults();
const app = await buildApp({ config, db: withCoreFaults(db, faults), onCoreFailure: exitOnCoreFailure() });
faults.failNextCoreStatements(2).release();
const [user] = await db.query<{ id: number }>('select id from users order by id limit 1');
await app.core
  .execute({ kind: 'adjust', key: 'failing-core', userId: user?.id ?? 0, currencyId: 3, wallet: 'change', amount: 1n, reason: 'adjustment', reference: 'test' })
  .catch(() => undefined);
console.log('the failed core is still serving');
await app.http.close();
await db.close();
