import { MyItemsView } from '@/features/items/components/my-items-view';
import { useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /my-items (signed in): my own items in every state. */
export function MyItemsPage() {
  const t = useT();
  useDocumentTitle(t('items.mine.title'));
  return <MyItemsView />;
}
