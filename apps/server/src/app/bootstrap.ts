import type { Config } from '../config';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { seed } from '../db/seed/seed';
import { OperatorRepository } from '../modules/admin/repository';
import { hashPassword } from '../lib/password';

/** Brings a database up to date: migrations, the first-start seed, the configured operator. */
export async function prepareDatabase(db: Database, config: Config) {
  const migrations = await migrate(db);
  const seeded = await seed(db, { demoData: config.DEMO_DATA, supportUrl: config.SUPPORT_URL, appDownloadUrl: config.APP_DOWNLOAD_URL });
  const operators = new OperatorRepository(db);
  if (!(await operators.findByEmail(config.ADMIN_EMAIL))) await operators.create(config.ADMIN_EMAIL, await hashPassword(config.ADMIN_PASSWORD));
  return { migrations, seeded };
}
