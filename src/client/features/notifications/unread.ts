// The bell's count in the navigation bar: live while the tab's stream is up, polled while it is
// down. In the first load of every page, so tiny; its texts are in `core`.
import { type FollowLive, usePolledCount } from '@/lib/polled-count';

export const NOTIFICATION_COUNT_QUERY_KEY = ['/api/notifications/unread-count'] as const;

/** Applies the stream's notification events to the bell and the list (loaded once someone is signed in). */
const followBell: FollowLive = (queryClient) => import('./live-bell').then((bell) => bell.followNotifications(queryClient));

/** How many notifications wait for the signed-in user. */
export const useNotificationCount = (enabled: boolean): number =>
  usePolledCount(NOTIFICATION_COUNT_QUERY_KEY, 'unreadCount', enabled, followBell);
