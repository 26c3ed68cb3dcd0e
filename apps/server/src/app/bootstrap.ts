import type { Config } from '../config';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { seed } from '../db/seed/seed';
import { OperatorRepository } from '../modules/admin/repository';
import { hashPassword } from '../lib/password';
import { prepareProductionDatabase } from './production-database';

/**
 * Brings a database up to date: migrations, the first-start seed, the configured operator; in
 * production, refuses a database holding demo accounts.
 */
export async function prepareDatabase(db: Database, config: Config) {
  const migrations = await migrate(db);
  const seeded = await seed(db, { demoData: config.DEMO_DATA, supportUrl: config.SUPPORT_URL, appDownloadUrl: config.APP_DOWNLOAD_URL });
  if (config.NODE_ENV === 'production') await prepareProductionDatabase(db);
  const operators = new OperatorRepository(db);
  if (!(await operators.findByEmail(config.ADMIN_EMAIL))) await operators.create(config.ADMIN_EMAIL, await hashPassword(config.ADMIN_PASSWORD));
  return { migrations, seeded };
}
