// Whether the server can be reached (docs/product.md, Installable app and offline): the browser's
// own online flag, and what the last API calls found. A read answered by the service worker from
// its kept copy, or a request that failed at the network, means offline until a real answer
// comes or the browser says it is back online. The offline banner (app/pwa) shows it.
import { useSyncExternalStore } from 'react';
import { OFFLINE_COPY_HEADER } from '../sw/rules';

let unreachable = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function setUnreachable(value: boolean): void {
  if (unreachable === value) return;
  unreachable = value;
  notify();
}

/** True when the browser itself says it has no network. */
export const browserOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/** True when the browser says it is offline or the server could not be reached just now. */
export const isOffline = (): boolean => browserOffline() || unreachable;

/** A request failed at the network (no answer at all). */
export const reportNetworkFailure = (): void => setUnreachable(true);

/** An answer came: from the server itself, or (with OFFLINE_COPY_HEADER) from the device's copy. */
export function reportResponse(res: Response): void {
  setUnreachable(res.headers.get(OFFLINE_COPY_HEADER) === '1');
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Back online: trust the network again (the next failure says otherwise).
  const online = () => {
    unreachable = false;
    listener();
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', online);
    window.removeEventListener('offline', listener);
  };
}

/** {@link isOffline}, kept current in a component. */
export const useOffline = (): boolean => useSyncExternalStore(subscribe, isOffline, () => false);
