import { EyeOff } from 'lucide-react';
import { useParams } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/auth-provider';
import { ContactOwner } from '@/features/conversations/components/contact-owner';
import { useRouteItem } from '@/features/items/api';
import { ItemDetailView } from '@/features/items/components/item-detail-view';
import { ItemNeedsConnection, ItemNotFound } from '@/features/items/components/item-not-found';
import { metaDescription } from '@/features/items/lib/share-links';
import { HandOverThanks } from '@/features/profiles/components/hand-over-thanks';
import { BlockButton } from '@/features/conversations/components/block-button';
import { ReportButton } from '@/features/reports/components/report-button';
import { useT } from '@/lib/i18n';
import { ApiError } from '@/lib/request';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMetaDescription } from '@/lib/use-meta-description';
import * as itemPolicy from '#shared/policies/items.js';
import * as reportPolicy from '#shared/policies/reports.js';

/** /items/{id} (public). */
export function ItemDetailPage() {
  const t = useT();
  const params = useParams<{ id: string }>();
  const { valid, data: item, isPending, isError, error, refetch } = useRouteItem(params.id);
  const { user } = useAuth();
  // No answer at all (offline, and the item not saved on this device), not an answer that it is missing.
  const unreachable = isError && !item && !(error instanceof ApiError);

  useDocumentTitle(
    item ? item.title : unreachable ? t('items.needsConnection.title') : !valid || isError ? t('items.notFound.title') : undefined,
  );
  useMetaDescription(item ? metaDescription(item.description) : undefined);

  if (valid && unreachable) return <ItemNeedsConnection onRetry={() => void refetch()} />;
  if (!valid || isError) return <ItemNotFound />;
  if (isPending || !item) return <PageSpinner label={t('items.detail.loading')} />;
  // Signed-in people may report someone else's item, and block its owner; visitors and the owner see neither.
  const report = reportPolicy.reportItem(user ?? null, item) ? (
    <div className="flex flex-wrap items-center gap-2">
      <ReportButton target={{ itemId: item.id }} label={t('items.detail.report')} subject={item.title} />
      {item.username ? <BlockButton username={item.username} /> : null}
    </div>
  ) : null;
  // After the hand-over, its giver and receiver may thank each other (the receiver is named to those two only).
  const handedOver =
    item.status === 'taken' &&
    item.promisedTo !== null &&
    itemPolicy.takesPartInHandOver(user ?? null, { userId: item.userId, promisedToId: item.promisedTo.id });
  return (
    <div className="grid gap-4">
      {item.hidden ? (
        // Only its owner and the admins get an item that is hidden, with the reason (docs/decisions/025).
        <p role="status" className="flex items-start gap-2 rounded-card border border-border bg-muted p-3 text-sm">
          <EyeOff className="mt-0.5 size-4 shrink-0 text-danger-text" aria-hidden="true" />
          <span>{t('items.detail.hidden', { reason: item.hidden.reason })}</span>
        </p>
      ) : null}
      <ItemDetailView
        item={item}
        viewer={user}
        contact={<ContactOwner itemId={item.id} />}
        thanks={handedOver ? <HandOverThanks itemId={item.id} /> : null}
        report={report}
      />
    </div>
  );
}
