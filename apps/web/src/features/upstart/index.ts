/** What the subscription feature offers other features: the list of subscriptions (the records panel's tab). */
export { SubscriptionsTab } from './SubscriptionsTab';
