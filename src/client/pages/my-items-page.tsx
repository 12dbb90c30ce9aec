import { MyItemsView } from '@/features/items/components/my-items-view';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /my-items (signed in): my own items in every state. */
export function MyItemsPage() {
  useDocumentTitle('My items');
  return <MyItemsView />;
}
