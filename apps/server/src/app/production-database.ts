import type { Queryable } from '../db/database';
import { DEMO_USERS } from '../db/seed/demo-users';
import { OutboxRepository } from '../modules/messaging/outbox-repository';
import { UserRepository } from '../modules/users/repository';

/**
 * What a production server checks in its database before it serves: no demo account (their
 * passwords are in the README, the guest account is anyone's), and no development outbox left
 * over from a start without a mail server (it keeps codes readable). Throws naming the accounts.
 */
export async function prepareProductionDatabase(db: Queryable): Promise<void> {
  const users = new UserRepository(db);
  const found = [await users.findGuestAccount(), ...(await Promise.all(DEMO_USERS.map((demo) => users.findByAccount(demo.account))))];
  const demoAccounts = found.flatMap((user) => (user ? [user.account] : []));
  if (demoAccounts.length > 0) {
    throw new Error(
      `invalid database for production:\n  demo accounts exist (${demoAccounts.join(', ')}): start production on a database seeded with DEMO_DATA=off`,
    );
  }
  await new OutboxRepository(db).clear();
}
