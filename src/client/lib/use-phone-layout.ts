import { useSyncExternalStore } from 'react';

/** Tailwind's `sm` breakpoint: below it the lists use their phone layout (docs/product.md, Home and Browse). */
const PHONE_QUERY = '(max-width: 639.98px)';

/** Whether the window matches a media query, following it as the window is resized or turned. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Whether the window is phone-narrow (under 640 px). */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
