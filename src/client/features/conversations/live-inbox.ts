// What the live stream's events change in the cache (loaded with the stream, see lib/live.ts):
// only what is on screen is fetched again.
import type { QueryClient } from '@tanstack/react-query';
import { hold, type LiveData, subscribe } from '@/lib/live-source';
import { CONVERSATIONS_QUERY_KEY } from './api';
import { UNREAD_QUERY_KEY } from './unread';

/** One item's page (items feature). */
const ITEMS_QUERY_KEY = '/api/items';

/** Holds the stream open and applies its events to the cache; answers the function that stops both. */
export function followLive(queryClient: QueryClient): () => void {
  const conversations = (id?: unknown) =>
    void queryClient.invalidateQueries({ queryKey: id === undefined ? [CONVERSATIONS_QUERY_KEY] : [CONVERSATIONS_QUERY_KEY, id] });
  const unread = () => void queryClient.invalidateQueries({ queryKey: UNREAD_QUERY_KEY });
  const stops = [
    hold(),
    subscribe('unread', (data) => queryClient.setQueryData(UNREAD_QUERY_KEY, { unread: Number(data.unread) || 0 })),
    subscribe('message', (data: LiveData) => {
      void queryClient.invalidateQueries({ queryKey: [CONVERSATIONS_QUERY_KEY], exact: true });
      conversations(data.conversationId);
    }),
    // An item change writes notes into every conversation about it.
    subscribe('item', (data: LiveData) => {
      conversations();
      unread();
      void queryClient.invalidateQueries({ queryKey: [ITEMS_QUERY_KEY, data.itemId] });
    }),
    // Events may have been missed: everything of the inbox anew.
    subscribe('resync', () => {
      conversations();
      unread();
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
