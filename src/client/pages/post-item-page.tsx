import { Ban } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent } from '@/components/ui/card';
import { PostItemForm } from '@/features/items/components/post-item-form';
import { useMyModeration } from '@/features/support/api';
import { formatShortDate } from '@/lib/format-date';
import { T, useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /post-item (signed in): 'Share with Community' (docs/product.md, Pages). A person whose account is
 * suspended (docs/decisions/025) is told so here, with the end and the reason, instead of meeting a
 * refused photo upload halfway through the form.
 */
export function PostItemPage() {
  const t = useT();
  useDocumentTitle(t('items.post.heading'));
  const moderation = useMyModeration();
  // The server names a suspension only while it is in force.
  const until = moderation.data?.suspendedUntil;
  const permanently = moderation.data?.suspendedPermanently === true;
  const helpLink = { 0: <Link href="/help" className="font-semibold text-link underline underline-offset-4" /> };
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-balance">{t('items.post.heading')}</h1>
        <p className="mt-1 text-pretty text-muted-foreground">{t('items.post.intro')}</p>
      </div>
      {until || permanently ? (
        <p role="status" className="flex items-start gap-3 rounded-card border border-border bg-warning-soft p-4 text-pretty">
          <Ban className="mt-1 size-5 shrink-0" aria-hidden="true" />
          <span>
            {until ? (
              <T
                id="items.post.suspended"
                values={{ date: formatShortDate(until), reason: moderation.data?.suspensionReason ?? '' }}
                components={helpLink}
              />
            ) : (
              <T id="items.post.suspendedPermanently" values={{ reason: moderation.data?.suspensionReason ?? '' }} components={helpLink} />
            )}
          </span>
        </p>
      ) : (
        <Card>
          <CardContent className="p-4 sm:p-6">
            <PostItemForm />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
