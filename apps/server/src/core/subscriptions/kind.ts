import type { CoreKind } from '../kind';
import { SubscriptionBook, type SubscriptionCommand } from './book';
import { SUBSCRIPTION_ORPHANS, SUBSCRIPTIONS } from './repository';

/** Token subscriptions (UpStart): paid in USDT, tokens locked for the frozen hours, then unlocked. */
export const subscriptionsKind: CoreKind<SubscriptionCommand, SubscriptionBook> = {
  name: 'subscriptions',
  commandKinds: ['upstart_subscribe', 'upstart_release', 'upstart_unlock'],
  tables: [SUBSCRIPTIONS],
  orphanChecks: [SUBSCRIPTION_ORPHANS],
  create: () => new SubscriptionBook(),
};
