// Whether a new version of the app waits to take over (its service worker is installed and
// waiting), and how to switch to it: the worker's registration (register-worker.ts, loaded lazily)
// fills this in; the prompt (pwa-notices.tsx) reads it. Tiny on purpose: it is in the first chunk.
import { useSyncExternalStore } from 'react';

/** Activates the waiting worker and reloads the page on it. */
export type ApplyUpdate = () => Promise<void>;

let waiting: ApplyUpdate | undefined;
const listeners = new Set<() => void>();

/** A new version is installed and waits: the prompt appears. */
export function offerUpdate(apply: ApplyUpdate): void {
  waiting = apply;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The waiting update, if any. */
export const useWaitingUpdate = (): ApplyUpdate | undefined => useSyncExternalStore(subscribe, () => waiting);
