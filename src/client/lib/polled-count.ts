// The navigation bar's counts (unread messages, unread notifications): one small query each, asked
// whenever the bar mounts and, while the tab's live stream is down, again every UNREAD_POLL_MS (the
// stream's events update them otherwise). In the first load of every page, so tiny
// (shared/polling.ts has no other import; what follows the stream is loaded by `follow`).
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { UNREAD_POLL_MS } from '#shared/polling.js';
import { useLiveConnected } from './live';

/** Loads what applies the stream's events to the cache and starts it; resolves to its stop. */
export type FollowLive = (queryClient: QueryClient) => Promise<() => void>;

/**
 * The number `field` of the JSON at `queryKey[0]`, polled while `enabled` and the stream is down; 0
 * otherwise or until it arrives. While `enabled`, `follow` keeps the count's live events applied.
 */
export function usePolledCount<F extends string>(queryKey: readonly [string], field: F, enabled: boolean, follow: FollowLive): number {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    let gone = false;
    void follow(queryClient).then((stopNow) => {
      if (gone) stopNow();
      else stop = stopNow;
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [enabled, queryClient, follow]);
  const live = useLiveConnected();
  const { data } = useQuery<Record<F, number>>({
    queryKey,
    enabled,
    refetchInterval: live ? false : UNREAD_POLL_MS,
    refetchOnMount: 'always',
  });
  return enabled ? (data?.[field] ?? 0) : 0;
}
