import type { CoreKind } from '../kind';
import { SubscriptionBook, type SubscriptionCommand } from './book';
import { SUBSCRIPTION_ORPHANS, SUBSCRIPTION_RECOMPUTED, SUBSCRIPTIONS } from './repository';

/** Token subscriptions (UpStart): paid in USDT, tokens locked for the frozen hours, then unlocked. */
export const subscriptionsKind: CoreKind<SubscriptionCommand, SubscriptionBook> = {
  name: 'subscriptions',
  commandKinds: ['upstart_subscribe', 'upstart_release', 'upstart_unlock'],
  tables: [SUBSCRIPTIONS],
  orphanChecks: [SUBSCRIPTION_ORPHANS],
  // the audit also recomputes every subscription's tokens from what was paid and the price
  recomputeChecks: [SUBSCRIPTION_RECOMPUTED],
  create: () => new SubscriptionBook(),
};
