// What the live stream's notification events change in the cache (loaded with the stream, see
// lib/live.ts): the bell's count and the list, fetched anew when a notification arrives or is read
// in another tab, and after the stream missed events.
import type { QueryClient } from '@tanstack/react-query';
import { hold, subscribe } from '@/lib/live-source';
import { refreshNotifications } from './api';

/** Applies notification events to the cache until the answered function is called. */
export function followNotifications(queryClient: QueryClient): () => void {
  const refresh = () => void refreshNotifications(queryClient);
  const stops = [hold(), subscribe('notification', refresh), subscribe('resync', refresh)];
  return () => stops.forEach((stop) => stop());
}
