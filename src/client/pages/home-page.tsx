import { ShareSomethingButton } from '@/components/share-something-button';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/auth-provider';
import { ItemListView } from '@/features/items/components/item-list-view';
import { ListEmptyState, noMatchText } from '@/features/items/components/list-empty-state';
import { useItemListState } from '@/features/items/use-item-list-state';
import { useDocumentTitle } from '@/lib/use-document-title';

const EMPTY_TEXT =
  'No items have been shared yet. Share what you no longer need—or post your menu and location to connect with your community!';

/** /home (signed in): 'Available Items' (docs/product.md, Pages). */
export function HomePage() {
  useDocumentTitle('Available Items');
  const { user } = useAuth();
  const state = useItemListState();

  if (state.isInitialLoad) return <PageSpinner label="Loading items…" />;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-balance">Available Items</h1>
          <p className="mt-1 text-pretty text-muted-foreground">Find something useful nearby, or pass on what you no longer need.</p>
        </div>
        <ShareSomethingButton />
      </div>
      <ItemListView
        state={state}
        viewer={user}
        renderEmpty={(search) =>
          search ? (
            <ListEmptyState searching message={noMatchText(search)} />
          ) : (
            <ListEmptyState searching={false} message={EMPTY_TEXT} action={<ShareSomethingButton />} />
          )
        }
      />
    </div>
  );
}
