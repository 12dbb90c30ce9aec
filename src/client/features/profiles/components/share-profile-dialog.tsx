// Loaded with the first press of "Share profile" (Radix Dialog + qrcode.react, like the payment QR).
import { Copy, Share2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogCloseButton, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { QrImage } from './qr-code-dialog';

type ShareProfileDialogProps = {
  username: string;
  /** The profile's address (the public one when PUBLIC_URL is set). */
  url: string;
  open: boolean;
  onClose: () => void;
  returnFocusTo?: HTMLElement | null;
};

/** "Share profile": the profile's link as a QR code and as text, the system share sheet where there is one, else copy. */
export function ShareProfileDialog({ username, url, open, onClose, returnFocusTo }: ShareProfileDialogProps) {
  const t = useT();
  const canShare = typeof navigator.share === 'function';

  const share = async () => {
    try {
      await navigator.share({ title: t('profiles.title', { username }), url });
    } catch {
      // Closed without sharing: nothing to say.
    }
  };
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      toast({ title: t('profiles.share.copiedTitle'), description: t('profiles.share.copied') });
    } catch {
      toast({ variant: 'destructive', title: t('profiles.share.copyFailedTitle'), description: t('profiles.share.copyFailed') });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogContent returnFocusTo={returnFocusTo} className="max-w-sm">
        <div className="grid gap-1 pr-10">
          <DialogTitle className="text-lg font-semibold tracking-tight break-words">{t('profiles.share.title', { username })}</DialogTitle>
          <DialogDescription className="text-sm text-muted-foreground">{t('profiles.share.description')}</DialogDescription>
        </div>
        <QrImage value={url} label={t('profiles.share.qrImage', { username })} />
        <p className="rounded-lg bg-muted px-3 py-2 text-center font-mono text-sm break-all select-all">{url}</p>
        <div className="flex flex-wrap justify-center gap-2">
          {canShare ? (
            <Button onClick={() => void share()}>
              <Share2 aria-hidden="true" />
              {t('profiles.share.system')}
            </Button>
          ) : null}
          <Button variant={canShare ? 'outline' : 'default'} onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            {t('profiles.share.copy')}
          </Button>
        </div>
        <DialogCloseButton />
      </DialogContent>
    </Dialog>
  );
}
