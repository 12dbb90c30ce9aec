import type { ReactNode, RefObject } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  /** Shown before the title, e.g. a warning sign (mark it aria-hidden). */
  icon?: ReactNode;
  description: ReactNode;
  /** The destructive button's text. */
  confirmLabel?: ReactNode;
  /** The action runs: both buttons are disabled, the confirm button spins and the dialog stays open. */
  pending: boolean;
  onConfirm: () => void;
  /** Cancel, Escape, or the caller closing it after the action. */
  onClose: () => void;
  /**
   * The button that opened the dialog: focus goes back to it when the dialog closes, or to
   * `fallbackFocusId` when it is gone (its row was deleted). Left out: Radix's own focus return.
   */
  returnFocusRef?: RefObject<HTMLElement | null>;
  fallbackFocusId?: string;
};

/**
 * A confirmation (Radix AlertDialog, role 'alertdialog' named by its title): Cancel, or the
 * destructive confirm button. Import it lazily where visitors rarely need it (it carries Radix).
 */
export function ConfirmDialog({
  open,
  title,
  icon,
  description,
  confirmLabel = 'Delete',
  pending,
  onConfirm,
  onClose,
  returnFocusRef,
  fallbackFocusId = 'main',
}: ConfirmDialogProps) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
    >
      <AlertDialogContent
        onCloseAutoFocus={
          returnFocusRef
            ? (event) => {
                event.preventDefault();
                const target = returnFocusRef.current;
                if (target?.isConnected) target.focus();
                else document.getElementById(fallbackFocusId)?.focus();
              }
            : undefined
        }
      >
        <AlertDialogHeader>
          <AlertDialogTitle className={icon ? 'flex items-center gap-2' : undefined}>
            {icon}
            {title}
          </AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel className={buttonVariants({ variant: 'outline' })} disabled={pending}>
            Cancel
          </AlertDialogCancel>
          <Button variant="destructive" onClick={onConfirm} disabled={pending} aria-busy={pending}>
            {pending ? <Spinner /> : null}
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
