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
import { useT } from '@/lib/i18n';

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
  /** Between the description and the buttons, e.g. a form asking for the password again. */
  children?: ReactNode;
  /** Where focus goes when the dialog opens; left out, Radix's own (the Cancel button). */
  onOpenAutoFocus?: (event: Event) => void;
  /** Cancel, Escape, or the caller closing it after the action. */
  onClose: () => void;
  /**
   * The button that opened the dialog: focus goes back to it when the dialog closes, or to
   * `fallbackFocusId` when it is gone (its row was deleted). Left out: Radix's own focus return.
   */
  returnFocusRef?: RefObject<HTMLElement | null>;
  fallbackFocusId?: string;
} & (
  | { onConfirm: () => void; formId?: never }
  /** The confirm button submits the form of this id (in `children`), so Enter in a field does too. */
  | { formId: string; onConfirm?: never }
);

/**
 * A confirmation (Radix AlertDialog, role 'alertdialog' named by its title): Cancel, or the
 * destructive confirm button. Import it lazily where visitors rarely need it (it carries Radix).
 */
export function ConfirmDialog({
  open,
  title,
  icon,
  description,
  confirmLabel,
  pending,
  children,
  onOpenAutoFocus,
  onConfirm,
  formId,
  onClose,
  returnFocusRef,
  fallbackFocusId = 'main',
}: ConfirmDialogProps) {
  const t = useT();
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
    >
      <AlertDialogContent
        onOpenAutoFocus={onOpenAutoFocus}
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
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel className={buttonVariants({ variant: 'outline' })} disabled={pending}>
            {t('core.common.cancel')}
          </AlertDialogCancel>
          <Button
            variant="destructive"
            {...(formId ? { type: 'submit' as const, form: formId } : { onClick: onConfirm })}
            disabled={pending}
            aria-busy={pending}
          >
            {pending ? <Spinner /> : null}
            {confirmLabel ?? t('core.common.delete')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
