// The unread count of the navigation bar. This file is in the first load of every page, so it
// stays tiny: its constant comes from shared/conversation-rules.ts, not shared/conversations.ts,
// whose schemas would pull zod (about 25 KB gzipped) into the /browse budget.
import { useQuery } from '@tanstack/react-query';
import { UNREAD_POLL_MS } from '../../../shared/conversation-rules.js';

export const UNREAD_QUERY_KEY = ['/api/conversations/unread-count'] as const;

/** How many messages wait for the signed-in user, polled while any page is open. */
export function useUnreadCount(enabled: boolean): number {
  const { data } = useQuery<{ unread: number }>({
    queryKey: UNREAD_QUERY_KEY,
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnMount: 'always',
  });
  return enabled ? (data?.unread ?? 0) : 0;
}

/** The navigation link's accessible name: 'Messages', or 'Messages, 2 unread'. */
export function messagesLinkLabel(unread: number): string {
  return unread > 0 ? `Messages, ${unread} unread` : 'Messages';
}

/** What the visual badge shows: the count, capped so it stays a small circle. */
export function badgeCount(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
