import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { useT } from '@/lib/i18n';

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;
export const DialogTitle = DialogPrimitive.Title;
export const DialogDescription = DialogPrimitive.Description;

type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** Where focus goes back to when the dialog closes (the button that opened it), while it is on the page. */
  returnFocusTo?: HTMLElement | null;
};

/** The dialog box with its dimmed backdrop, above the sticky header and any map; scrolls when taller than the screen. */
export function DialogContent({ className, returnFocusTo, children, ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-[1200] bg-black/60 backdrop-blur-[2px]" />
      <DialogPrimitive.Content
        onCloseAutoFocus={(event) => {
          if (returnFocusTo?.isConnected) {
            event.preventDefault();
            returnFocusTo.focus();
          }
        }}
        className={cn(
          'fixed top-1/2 left-1/2 z-[1201] grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto',
          'rounded-card border border-border bg-card p-6 text-card-foreground shadow-xl',
          className,
        )}
        {...props}
      >
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The × in the top right corner. */
export function DialogCloseButton({ disabled }: { disabled?: boolean }) {
  const t = useT();
  return (
    <DialogPrimitive.Close
      aria-label={t('core.common.close')}
      disabled={disabled}
      className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
    >
      <X className="size-5" aria-hidden="true" />
    </DialogPrimitive.Close>
  );
}
