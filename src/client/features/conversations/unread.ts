// The unread count of the navigation bar. This file is in the first load of every page, so it
// stays tiny: it imports nothing from shared/conversations.ts, whose schemas would pull zod (about
// 25 KB gzipped) into the /browse budget. Its text is in the
// `core` section (the navigation bar shows on every page).
import { type FollowLive, usePolledCount } from '@/lib/polled-count';

export const UNREAD_QUERY_KEY = ['/api/conversations/unread-count'] as const;

/** Holds the tab's live stream open and applies its events to the inbox (loaded once someone is signed in). */
const followInbox: FollowLive = (queryClient) => import('./live-inbox').then((inbox) => inbox.followLive(queryClient));

/** How many messages wait for the signed-in user: live while the stream is up, polled while it is down. */
export const useUnreadCount = (enabled: boolean): number => usePolledCount(UNREAD_QUERY_KEY, 'unread', enabled, followInbox);

/** What the visual badge shows: the count, capped so it stays a small circle. */
export function badgeCount(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
