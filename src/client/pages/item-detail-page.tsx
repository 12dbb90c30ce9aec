import { useParams } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/auth-provider';
import { ContactOwner } from '@/features/conversations/components/contact-owner';
import { useRouteItem } from '@/features/items/api';
import { ItemDetailView } from '@/features/items/components/item-detail-view';
import { ItemNotFound } from '@/features/items/components/item-not-found';
import { metaDescription } from '@/features/items/lib/share-links';
import { ReportButton } from '@/features/reports/components/report-button';
import { useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMetaDescription } from '@/lib/use-meta-description';

/** /items/{id} (public). */
export function ItemDetailPage() {
  const t = useT();
  const params = useParams<{ id: string }>();
  const { valid, data: item, isPending, isError } = useRouteItem(params.id);
  const { user } = useAuth();

  useDocumentTitle(item ? item.title : !valid || isError ? t('items.notFound.title') : undefined);
  useMetaDescription(item ? metaDescription(item.description) : undefined);

  if (!valid || isError) return <ItemNotFound />;
  if (isPending || !item) return <PageSpinner label={t('items.detail.loading')} />;
  // Signed-in people may report someone else's item; visitors and the owner see no button.
  const report =
    user && user.id !== item.userId ? (
      <ReportButton target={{ itemId: item.id }} label={t('items.detail.report')} subject={item.title} />
    ) : null;
  return <ItemDetailView item={item} viewer={user} contact={<ContactOwner itemId={item.id} />} report={report} />;
}
