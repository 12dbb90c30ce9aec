import { LogIn } from 'lucide-react';
import { ShareSomethingButton } from '@/components/share-something-button';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/auth-provider';
import { ItemListView } from '@/features/items/components/item-list-view';
import { ListEmptyState, noMatchText } from '@/features/items/components/list-empty-state';
import { useItemListState } from '@/features/items/use-item-list-state';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useT } from '@/lib/i18n';

/** Sign in, then Post item (`signInPath('/post-item')` of src/shared/next-path.ts, written out: /browse's first load stays small). */
const SIGN_IN_TO_SHARE = '/auth?next=%2Fpost-item';

/** /browse (public): 'Community Shared Items' (docs/product.md, Pages). Header and footer come from the layout. */
export function BrowsePage() {
  const t = useT();
  useDocumentTitle(t('core.browse.title'));
  const { user, isLoading } = useAuth();
  const state = useItemListState();

  const emptyAction = isLoading ? null : user ? (
    <ShareSomethingButton />
  ) : (
    <Button asChild>
      <Link href={SIGN_IN_TO_SHARE}>
        <LogIn aria-hidden="true" />
        {t('core.browse.signInToShare')}
      </Link>
    </Button>
  );

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-balance">{t('core.browse.title')}</h1>
        <p className="mt-1 max-w-2xl text-pretty text-muted-foreground">{t('core.browse.intro')}</p>
      </div>
      <ItemListView
        state={state}
        viewer={user}
        withMap
        renderEmpty={(search) => (
          <ListEmptyState
            searching={Boolean(search)}
            message={search ? noMatchText(search) : t('core.browse.empty')}
            action={search && user ? null : emptyAction}
          />
        )}
      />
    </div>
  );
}
