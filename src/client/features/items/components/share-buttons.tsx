import { Link2, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { SHARE_ICON_SIZE } from '#shared/constants.js';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { buildShareLinks, type ShareTarget } from '../lib/share-links';
import { FacebookIcon, WhatsAppIcon, XIcon } from './brand-icons';

const targetClass = cn(
  'inline-flex size-11 items-center justify-center rounded-full transition-transform hover:scale-105',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
);

function ShareLink({ href, label, children, external = true }: { href: string; label: string; children: ReactNode; external?: boolean }) {
  const t = useT();
  return (
    <li>
      <a
        href={href}
        aria-label={external ? t('items.share.newTab', { label }) : label}
        title={label}
        className={targetClass}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {children}
      </a>
    </li>
  );
}

function RoundIcon({ children }: { children: ReactNode }) {
  return (
    <span
      className="inline-flex items-center justify-center rounded-full bg-stone-700 text-white dark:bg-stone-200 dark:text-stone-900"
      style={{ width: SHARE_ICON_SIZE, height: SHARE_ICON_SIZE }}
    >
      {children}
    </span>
  );
}

/** Facebook, X/Twitter, WhatsApp, e-mail and copy link (docs/product.md, Pages, Item detail). */
export function ShareButtons(target: ShareTarget) {
  const t = useT();
  const links = buildShareLinks(target);

  const copyLink = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(target.url);
      toast({ title: t('items.share.copiedTitle'), description: t('items.share.copied') });
    } catch {
      toast({ variant: 'destructive', title: t('items.share.copyFailedTitle'), description: t('items.share.copyFailed') });
    }
  };

  return (
    <ul className="flex flex-wrap items-center gap-1">
      <ShareLink href={links.facebook} label={t('items.share.facebook')}>
        <FacebookIcon size={SHARE_ICON_SIZE} />
      </ShareLink>
      <ShareLink href={links.twitter} label={t('items.share.twitter')}>
        <XIcon size={SHARE_ICON_SIZE} />
      </ShareLink>
      <ShareLink href={links.whatsapp} label={t('items.share.whatsapp')}>
        <WhatsAppIcon size={SHARE_ICON_SIZE} />
      </ShareLink>
      <ShareLink href={links.email} label={t('items.share.email')} external={false}>
        <RoundIcon>
          <Mail className="size-4" aria-hidden="true" />
        </RoundIcon>
      </ShareLink>
      <li>
        <button
          type="button"
          aria-label={t('items.share.copy')}
          title={t('items.share.copy')}
          onClick={() => void copyLink()}
          className={targetClass}
        >
          <RoundIcon>
            <Link2 className="size-4" aria-hidden="true" />
          </RoundIcon>
        </button>
      </li>
    </ul>
  );
}
