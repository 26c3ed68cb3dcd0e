import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationApi, realtime, type NotificationPage } from '../../api';
import { staleAfter } from '../../lib/notices';
import { useSession } from '../auth';

/** Every notification query lives under `['notifications']`. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
/** The messages list loads 10 at a time. */
export const NOTIFICATIONS_PAGE = 10;
/** Without a realtime connection the badge still refreshes this often. */
const UNREAD_POLL_MS = 60_000;

const nextPage = (last: NotificationPage, all: NotificationPage[]) =>
  last.list.length === 0 || last.page >= last.pages ? undefined : all.length + 1;

/** The unread count of the header's badge: loaded at sign-in and refreshed every minute. */
export function useUnreadCount(): number {
  const token = useSession((state) => state.token);
  const query = useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'unread', token],
    queryFn: ({ signal }) => notificationApi.unread({ signal }),
    enabled: token !== null,
    refetchInterval: UNREAD_POLL_MS,
  });
  return query.data ?? 0;
}

/**
 * Follows the `notification` push (held once, by the header): the badge takes the new count at
 * once, and the lists and whatever the notification's kind changed reload.
 */
export function useNotificationPushes(): void {
  const token = useSession((state) => state.token);
  const client = useQueryClient();
  useEffect(() => {
    if (token === null) return;
    return realtime.on('notification', (push) => {
      client.setQueryData([...NOTIFICATIONS_KEY, 'unread', token], push.unread);
      void client.invalidateQueries({ queryKey: [...NOTIFICATIONS_KEY, 'list'] });
      for (const family of staleAfter(push.kind)) void client.invalidateQueries({ queryKey: [family] });
    });
  }, [client, token]);
}

export function useNotifications() {
  const token = useSession((state) => state.token);
  return useInfiniteQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'list', token],
    queryFn: ({ pageParam, signal }) => notificationApi.list({ page: pageParam, limit: NOTIFICATIONS_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null,
  });
}

/** Marks one notification read (or all without an id); the badge takes the count the server answers. */
export function useMarkRead() {
  const token = useSession((state) => state.token);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id?: number) => notificationApi.read(id),
    onSuccess: (unread) => {
      client.setQueryData([...NOTIFICATIONS_KEY, 'unread', token], unread);
      return client.invalidateQueries({ queryKey: [...NOTIFICATIONS_KEY, 'list'] });
    },
  });
}
