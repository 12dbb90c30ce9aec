import { type RefObject, useEffect, useEffectEvent } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements Tab can reach inside these, in their order on the page (hidden ones left out). */
function tabbables(parts: RefObject<HTMLElement | null>[]): HTMLElement[] {
  return parts
    .flatMap((ref) => (ref.current ? [ref.current, ...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)] : []))
    .filter((el) => el.matches(FOCUSABLE) && el.getClientRects().length > 0);
}

/**
 * While `active`, Tab and Shift+Tab go round the focusable elements of `parts` (e.g. a menu's
 * button and its panel) and never into the page behind, as a modal dialog keeps focus.
 */
export function useFocusTrap(active: boolean, parts: RefObject<HTMLElement | null>[]): void {
  // The latest `parts` (a new array at each render) and their elements are read at each key press.
  const onTab = useEffectEvent((event: KeyboardEvent) => {
    const items = tabbables(parts);
    if (items.length === 0) return;
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = at === -1 ? (event.shiftKey ? items.length - 1 : 0) : (at + (event.shiftKey ? -1 : 1) + items.length) % items.length;
    event.preventDefault();
    items[next]!.focus();
  });
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab') onTab(event);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [active]);
}
