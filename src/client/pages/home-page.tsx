import { ShareSomethingButton } from '@/components/share-something-button';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/auth-provider';
import { EmailPromptCard } from '@/features/settings/components/email-prompt-card';
import { ItemListView } from '@/features/items/components/item-list-view';
import { ListEmptyState, noMatchText } from '@/features/items/components/list-empty-state';
import { useItemListState } from '@/features/items/use-item-list-state';
import { useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /home (signed in): 'Available Items' (docs/product.md, Pages). */
export function HomePage() {
  const t = useT();
  useDocumentTitle(t('pages.home.title'));
  const { user } = useAuth();
  const state = useItemListState();

  if (state.isInitialLoad) return <PageSpinner label={t('pages.home.loading')} />;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-balance">{t('pages.home.heading')}</h1>
          <p className="mt-1 text-pretty text-muted-foreground">{t('pages.home.intro')}</p>
        </div>
        <ShareSomethingButton />
      </div>
      <EmailPromptCard />
      <ItemListView
        state={state}
        viewer={user}
        renderEmpty={(search) =>
          search ? (
            <ListEmptyState searching message={noMatchText(search)} />
          ) : (
            <ListEmptyState searching={false} message={t('pages.home.empty')} action={<ShareSomethingButton />} />
          )
        }
      />
    </div>
  );
}
