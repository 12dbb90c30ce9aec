import { Check, Copy, ExternalLink, QrCode, WalletCards } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Profile } from '#shared/people.js';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { copyLabel, PROFILE_TEXTS, qrLabel } from '../lib/profile-texts';
import type { QrTarget } from './qr-code-dialog';
import { vendorPaymentUrl } from '../lib/vendor-brand';
import { VendorIcon } from './vendor-icon';

// The dialog and the QR library load with the first QR button press (or when one is pointed at).
const loadQrDialog = () => import('./qr-code-dialog');
const QrCodeDialog = lazy(async () => ({ default: (await loadQrDialog()).QrCodeDialog }));

const COPIED_MS = 2000;

type PaymentLink = Profile['paymentIds'][number];

/** Copies the payment id; the icon turns into a tick for a moment after a copy. */
function CopyButton({ link }: { link: PaymentLink }) {
  const t = useT();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timeout = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timeout);
  }, [copied]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(link.paymentId);
      setCopied(true);
      toast({ title: t(PROFILE_TEXTS.copiedTitle), description: t(PROFILE_TEXTS.copied) });
    } catch {
      toast({ variant: 'destructive', title: t(PROFILE_TEXTS.copyFailedTitle), description: t(PROFILE_TEXTS.copyFailed) });
    }
  };

  return (
    <Button
      variant="outline"
      size="icon"
      aria-label={copyLabel(t, link.vendor.name)}
      title={t('profiles.copy.title')}
      onClick={() => void copy()}
    >
      {copied ? <Check className="text-primary" aria-hidden="true" /> : <Copy aria-hidden="true" />}
    </Button>
  );
}

/** "Open": the vendor's own payment page, for PayPal.me, Cash App and Venmo ids that make a safe address. */
function OpenLink({ link }: { link: PaymentLink }) {
  const t = useT();
  const href = vendorPaymentUrl(link.vendor.name, link.paymentId);
  if (!href) return null;
  return (
    <Button asChild variant="outline">
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('profiles.open.label', { vendor: link.vendor.name, paymentId: link.paymentId })}
      >
        <ExternalLink aria-hidden="true" />
        {t('profiles.open.text')}
      </a>
    </Button>
  );
}

/** The Payment Links tab: one row per payment id, with copy and QR buttons (docs/product.md, Pages). */
export function PaymentLinkList({ links }: { links: Profile['paymentIds'] }) {
  const t = useT();
  const [target, setTarget] = useState<QrTarget | null>(null);
  const [trigger, setTrigger] = useState<HTMLElement | null>(null);
  const [dialogWanted, setDialogWanted] = useState(false);

  if (links.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-input bg-card px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
          <WalletCards className="size-7" aria-hidden="true" />
        </span>
        <p className="text-lg text-pretty">{t(PROFILE_TEXTS.noPaymentLinks)}</p>
      </div>
    );
  }

  const preload = () => void loadQrDialog().catch(() => undefined);

  return (
    <>
      <ul className="grid gap-3">
        {links.map((link) => (
          // On a phone the buttons move below the name when they would squeeze it (Open, copy and QR
          // left a few letters a line).
          <li
            key={link.id}
            className="flex flex-wrap items-center gap-3 rounded-card border border-border bg-card p-3 shadow-sm sm:gap-4 sm:p-4"
          >
            <VendorIcon name={link.vendor.name} />
            <div className="min-w-36 flex-1">
              <p className="font-semibold break-words">{link.vendor.name}</p>
              <p className="font-mono text-sm break-all text-muted-foreground">{link.paymentId}</p>
            </div>
            <div className="ml-auto flex shrink-0 flex-wrap justify-end gap-2">
              <OpenLink link={link} />
              <CopyButton link={link} />
              <Button
                variant="outline"
                size="icon"
                aria-label={qrLabel(t, link.vendor.name)}
                title={t('profiles.qr.title')}
                onPointerEnter={preload}
                onFocus={preload}
                onClick={(event) => {
                  setTrigger(event.currentTarget);
                  setDialogWanted(true);
                  setTarget({ vendor: link.vendor.name, paymentId: link.paymentId });
                }}
              >
                <QrCode aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {dialogWanted ? (
        <Suspense fallback={null}>
          <QrCodeDialog target={target} onClose={() => setTarget(null)} returnFocusTo={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
