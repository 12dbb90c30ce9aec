// Loaded with the first QR button press (Radix Dialog + qrcode.react): most visits never open it.
import { QRCodeSVG } from 'qrcode.react';
import { QR_SIZE } from '#shared/constants.js';
import { Dialog, DialogCloseButton, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useT } from '@/lib/i18n';
import { qrDialogTitle } from '../lib/profile-texts';

export type QrTarget = { vendor: string; paymentId: string };

/** A QR code (size 256, error correction H): dark on white in both themes, with a quiet zone, what scanners read best. */
export function QrImage({ value, label }: { value: string; label: string }) {
  return (
    <div className="mx-auto w-full max-w-[288px] rounded-xl bg-white p-4 shadow-inner ring-1 ring-border">
      <QRCodeSVG
        value={value}
        size={QR_SIZE}
        level="H"
        bgColor="#ffffff"
        fgColor="#000000"
        role="img"
        aria-label={label}
        className="block h-auto w-full"
      />
    </div>
  );
}

type QrCodeDialogProps = {
  /** The payment link shown; null keeps the dialog closed. */
  target: QrTarget | null;
  onClose: () => void;
  /** Where focus goes back to when the dialog closes (the QR button that opened it). */
  returnFocusTo?: HTMLElement | null;
};

/** '{vendor} QR Code': a QR code of the payment id (docs/product.md: size 256, error correction H), and the id. */
export function QrCodeDialog({ target, onClose, returnFocusTo }: QrCodeDialogProps) {
  const t = useT();
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent returnFocusTo={returnFocusTo} className="max-w-sm">
        {target ? (
          <>
            <div className="grid gap-1 pr-10">
              <DialogTitle className="text-lg font-semibold tracking-tight break-words">{qrDialogTitle(t, target.vendor)}</DialogTitle>
              <DialogDescription className="text-sm text-muted-foreground">{t('profiles.qr.dialogDescription')}</DialogDescription>
            </div>
            <QrImage value={target.paymentId} label={t('profiles.qr.image', { vendor: target.vendor })} />
            <p className="rounded-lg bg-muted px-3 py-2 text-center font-mono text-sm break-all select-all">{target.paymentId}</p>
            <DialogCloseButton />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
