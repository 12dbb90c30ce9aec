// Notification calls: the list (pages of NOTIFICATIONS_PAGE_SIZE, "Show more"), marking read, the
// preferences of Settings and the admins' failed deliveries.
import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FailedDelivery, MarkReadBody, NotificationList, PreferencesAnswer, UpdatePreferencesBody } from '#shared/notifications.js';
import { NOTIFICATIONS_POLL_MS } from '#shared/notification-rules.js';
import { useLiveConnected } from '@/lib/live';
import { apiJson } from '@/lib/request';
import { NOTIFICATION_COUNT_QUERY_KEY } from './unread';

const LIST_KEY = '/api/notifications';
const PREFERENCES_KEY = ['/api/me/notification-preferences'] as const;
const FAILED_KEY = ['/api/admin/notification-deliveries'] as const;

/** The list and the bell's count change together. */
export function refreshNotifications(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [LIST_KEY] }),
    queryClient.invalidateQueries({ queryKey: NOTIFICATION_COUNT_QUERY_KEY }),
  ]);
}

/** My notifications, latest first, a page at a time; polled while the page is open and the live stream is down. */
export function useNotifications() {
  const live = useLiveConnected();
  return useInfiniteQuery({
    queryKey: [LIST_KEY],
    queryFn: ({ pageParam }) => apiJson<NotificationList>('GET', `${LIST_KEY}?page=${pageParam}`),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    refetchInterval: live ? false : NOTIFICATIONS_POLL_MS,
    refetchOnMount: 'always',
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkReadBody) => apiJson<{ unreadCount: number }>('POST', '/api/notifications/read', body),
    onSuccess: ({ unreadCount }) => {
      queryClient.setQueryData(NOTIFICATION_COUNT_QUERY_KEY, { unreadCount });
      void refreshNotifications(queryClient);
    },
  });
}

export function usePreferences() {
  return useQuery<PreferencesAnswer>({ queryKey: PREFERENCES_KEY });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePreferencesBody) => apiJson<PreferencesAnswer>('PUT', '/api/me/notification-preferences', body),
    onSuccess: (answer) => queryClient.setQueryData(PREFERENCES_KEY, answer),
  });
}

export function useFailedDeliveries() {
  return useQuery<{ deliveries: FailedDelivery[]; total: number }>({ queryKey: FAILED_KEY });
}
