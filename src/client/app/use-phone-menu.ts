import { useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';

/**
 * The phone menu's state: open or not, and a new page closes it. While open it is a modal dialog
 * (Radix Dialog, phone-menu-panel.tsx): focus stays in it, Escape or a tap outside closes it, and
 * focus goes back to its button.
 */
export function usePhoneMenu() {
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  // A new page closes the menu, in the same render (the previous page is kept to see the change).
  const [shownAt, setShownAt] = useState(location);
  if (shownAt !== location) {
    setShownAt(location);
    setOpen(false);
  }

  return {
    open,
    toggle: () => setOpen((wasOpen) => !wasOpen),
    close: () => setOpen(false),
    panelId,
    buttonRef,
  };
}
