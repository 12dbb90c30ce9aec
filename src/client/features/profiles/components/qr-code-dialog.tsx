// Loaded with the first QR button press (Radix Dialog + qrcode.react): most visits never open it.
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { QR_SIZE } from '../../../../shared/constants.js';
import { cn } from '@/lib/utils';
import { qrDialogTitle } from '../lib/profile-texts';

export type QrTarget = { vendor: string; paymentId: string };

type QrCodeDialogProps = {
  /** The payment link shown; null keeps the dialog closed. */
  target: QrTarget | null;
  onClose: () => void;
  /** Where focus goes back to when the dialog closes (the QR button that opened it). */
  returnFocusTo?: HTMLElement | null;
};

/** '{vendor} QR Code': a QR code of the payment id (SPEC: size 256, error correction H), and the id. */
export function QrCodeDialog({ target, onClose, returnFocusTo }: QrCodeDialogProps) {
  return (
    <DialogPrimitive.Root
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
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
            'fixed top-1/2 left-1/2 z-[1201] grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto',
            'rounded-card border border-border bg-card p-6 text-card-foreground shadow-xl',
          )}
        >
          {target ? (
            <>
              <div className="grid gap-1 pr-10">
                <DialogPrimitive.Title className="text-lg font-semibold tracking-tight break-words">
                  {qrDialogTitle(target.vendor)}
                </DialogPrimitive.Title>
                <DialogPrimitive.Description className="text-sm text-muted-foreground">
                  Scan this code to get the payment ID.
                </DialogPrimitive.Description>
              </div>
              {/* Dark on white in both themes, with a quiet zone: what scanners read best. */}
              <div className="mx-auto w-full max-w-[288px] rounded-xl bg-white p-4 shadow-inner ring-1 ring-border">
                <QRCodeSVG
                  value={target.paymentId}
                  size={QR_SIZE}
                  level="H"
                  bgColor="#ffffff"
                  fgColor="#000000"
                  role="img"
                  aria-label={`QR code of the ${target.vendor} payment ID`}
                  className="block h-auto w-full"
                />
              </div>
              <p className="rounded-lg bg-muted px-3 py-2 text-center font-mono text-sm break-all select-all">
                {target.paymentId}
              </p>
              <DialogPrimitive.Close
                aria-label="Close"
                className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
              >
                <X className="size-5" aria-hidden="true" />
              </DialogPrimitive.Close>
            </>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
