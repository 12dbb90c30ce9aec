// Whether the main pointer is a finger (a touch screen): `(pointer: coarse)`, followed as it changes
// (a tablet's keyboard cover, a phone joined to a mouse).
import { useSyncExternalStore } from 'react';

const QUERY = '(pointer: coarse)';

const subscribe = (listener: () => void) => {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
};

export function useCoarsePointer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(QUERY).matches),
    () => false,
  );
}
