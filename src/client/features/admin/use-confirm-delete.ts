import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type AdminToast, notifyError, notifySuccess } from './notify';

/**
 * The state around a confirmed delete: `ask(row, button)` opens the dialog, Delete runs the
 * mutation with the row's id, then a toast says how it went and the dialog closes.
 * Spread `dialog` on a <ConfirmDialog>: it stays open (and cannot be dismissed) while the delete
 * runs, and focus goes back to the button, or to the page when its row is gone.
 */
export function useConfirmDelete<T extends { id: number }>(mutation: UseMutationResult<void, Error, number>, successTitle: AdminToast) {
  const [target, setTarget] = useState<T | null>(null);
  // Kept after the dialog closes: focus returns to it once the dialog is gone.
  const openerRef = useRef<HTMLElement | null>(null);
  return {
    target,
    ask: (row: T, opener: HTMLElement) => {
      openerRef.current = opener;
      setTarget(row);
    },
    dialog: {
      open: target !== null,
      returnFocusRef: openerRef,
      pending: mutation.isPending,
      onClose: () => setTarget(null),
      onConfirm: () => {
        if (!target) return;
        mutation.mutate(target.id, {
          onSuccess: () => notifySuccess(successTitle),
          onError: notifyError,
          onSettled: () => setTarget(null),
        });
      },
    },
  };
}
