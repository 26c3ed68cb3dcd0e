import type { Paged } from '@tessera/protocol';
import { call, type RequestOptions } from './client';

/**
 * One of the caller's notifications: what happened (`kind`: deposit_credited, withdrawal_approved,
 * identity_rejected, acceptor_deal_paid, ...), the values it names, and the server's text of it.
 */
export interface NotificationItem {
  id: number;
  kind: string;
  content: string;
  params: Record<string, string | number>;
  is_read: 0 | 1;
  created_at: string;
}

/** A page of notifications with the caller's unread count. */
export type NotificationPage = Paged<NotificationItem> & { unread: number };

/** The `notification` push: a new notification for this user, with the new unread count. */
export interface NotificationPush {
  type: 'notification';
  user_id: number;
  id: number;
  kind: string;
  unread: number;
}

/** The caller's notifications (the account centre's messages and the header's unread badge). */
export const notificationApi = {
  list: (input: { page: number; limit: number }, options?: RequestOptions) =>
    call<NotificationPage>('POST', 'notification/list', { ...input }, options),
  unread: async (options?: RequestOptions): Promise<number> => (await call<{ count: number }>('GET', 'notification/unread', {}, options)).count,
  /** Marks one notification read, or every one without an id; resolves with the unread count left. */
  read: async (id?: number, options?: RequestOptions): Promise<number> =>
    (await call<{ unread: number }>('POST', 'notification/read', { id }, options)).unread,
};
