/** What the account feature offers other features: the guest check and its notices. */
export { GuestNotice, LoadFailed, useIsGuest } from './common';
export { useNotificationPushes, useUnreadCount } from './notifications';
