import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { DialogCloseButton } from '@/components/ui/dialog';
import { useT } from '@/lib/i18n';

type FiltersSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Filters button: the focus goes back there when the sheet closes. */
  returnFocusRef: RefObject<HTMLElement | null>;
  /** The list's place, order, type and tag controls. */
  children: ReactNode;
};

/**
 * The list's filters on a phone, in a sheet from the bottom of the screen (a Radix dialog: focus
 * stays inside, Escape closes it, focus goes back to the Filters button). Loaded with the first
 * press of Filters (the /browse budget).
 */
export default function FiltersSheet({ open, onOpenChange, returnFocusRef, children }: FiltersSheetProps) {
  const t = useT();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-[1200] bg-black/60" />
        <DialogPrimitive.Content
          onCloseAutoFocus={(event) => {
            const button = returnFocusRef.current;
            if (button?.isConnected) {
              event.preventDefault();
              button.focus();
            }
          }}
          className="fixed inset-x-0 bottom-0 z-[1201] grid max-h-[88dvh] gap-4 overflow-y-auto rounded-t-2xl border-t border-border bg-card px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] text-card-foreground shadow-xl"
        >
          <div className="pr-12">
            <DialogPrimitive.Title className="text-lg font-semibold">{t('core.browse.filtersTitle')}</DialogPrimitive.Title>
            <DialogPrimitive.Description className="text-sm text-muted-foreground">
              {t('core.browse.filtersIntro')}
            </DialogPrimitive.Description>
          </div>
          <DialogCloseButton />
          {children}
          <DialogPrimitive.Close asChild>
            <Button className="w-full">{t('core.browse.showResults')}</Button>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
