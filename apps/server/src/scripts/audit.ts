import { loadConfig } from '../config';
import { runAuditSnapshot } from '../core/audit';
import { WRITER_TAKEN, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openForReading } from '../db/open';

/**
 * `npm run audit`: checks the ledger invariants of the configured database; exit 1 when broken.
 * The embedded database admits one process: beside a running server on the same DATA_DIR the
 * audit is refused (exit 2) before it opens a file. On PostgreSQL it reads beside a live server,
 * inside one read-only snapshot, and writes nothing. A read-only embedded data folder is copied to
 * a temporary folder and the copy audited.
 */
const config = loadConfig();
let db: Database;
try {
  // a data folder this process may not write is audited from a copy
  db = await openForReading(config);
} catch (error) {
  if (!(error instanceof Error) || error.message !== WRITER_TAKEN) throw error;
  console.error(`audit: a server is running on ${config.DATA_DIR}; the embedded database admits one process at a time.`);
  console.error('audit: stop the server first, or ask the running server: GET /admin/api/audit');
  process.exit(2);
}
try {
  // an older data folder may predate the ledger tables: bring it up to date as a start would
  // (only the embedded database, which this process now holds alone)
  if (db.kind === 'pglite') await migrate(db);
  const report = await runAuditSnapshot(db);
  console.log(JSON.stringify(report, null, 2));
  console.log(report.ok ? `audit: ok (${report.balancesChecked} balances, ${report.recordsRecomputed} settled records recomputed)` : 'audit: BROKEN');
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await db.close();
}
