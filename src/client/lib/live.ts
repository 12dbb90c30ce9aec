// Live updates (docs/decisions/015-live-updates.md): one EventSource per tab on GET /api/events
// (live-source.ts), held open while a signed-in component wants it and shared by all of them.
// This file is in the first load of every page, so it is only the stream's status; the stream
// itself loads once someone is signed in.
import { useSyncExternalStore } from 'react';

let connected = false;
const statusListeners = new Set<() => void>();

/** Set by the stream as it opens and drops. */
export function setLiveConnected(value: boolean): void {
  if (connected === value) return;
  connected = value;
  for (const listener of statusListeners) listener();
}

const subscribeStatus = (listener: () => void) => {
  statusListeners.add(listener);
  return () => void statusListeners.delete(listener);
};

/** Whether the tab's stream is open now: pages poll while it is not. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    subscribeStatus,
    () => connected,
    () => false,
  );
}
