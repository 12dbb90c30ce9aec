import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';

/**
 * The phone menu's state and behaviour (disclosure pattern): a new page closes it; while open it
 * keeps focus as a dialog does (Tab goes round its button and its panel: phone-menu-panel.tsx), Escape closes it with
 * focus back on its button, and a tap outside the navigation closes it.
 */
export function usePhoneMenu() {
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // A new page closes the menu, in the same render (the previous page is kept to see the change).
  const [shownAt, setShownAt] = useState(location);
  if (shownAt !== location) {
    setShownAt(location);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (navRef.current && !navRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return {
    open,
    toggle: () => setOpen((wasOpen) => !wasOpen),
    close: () => setOpen(false),
    panelId,
    buttonRef,
    navRef,
    panelRef,
  };
}
