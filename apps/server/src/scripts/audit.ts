import { loadConfig } from '../config';
import { runAudit } from '../core/audit';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';

/** `npm run audit`: checks the ledger invariants of the configured database; exit 1 when broken. */
const config = loadConfig();
const db = await openDatabase(config);
try {
  // an older data folder may predate the ledger tables: bring it up to date as a start would
  await migrate(db);
  const report = await runAudit(db);
  console.log(JSON.stringify(report, null, 2));
  console.log(report.ok ? `audit: ok (${report.balancesChecked} balances)` : 'audit: BROKEN');
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await db.close();
}
