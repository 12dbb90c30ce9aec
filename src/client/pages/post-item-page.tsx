import { Card, CardContent } from '@/components/ui/card';
import { PostItemForm } from '@/features/items/components/post-item-form';
import { useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /post-item (signed in): 'Share with Community' (docs/product.md, Pages). */
export function PostItemPage() {
  const t = useT();
  useDocumentTitle(t('items.post.heading'));
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-balance">{t('items.post.heading')}</h1>
        <p className="mt-1 text-pretty text-muted-foreground">{t('items.post.intro')}</p>
      </div>
      <Card>
        <CardContent className="p-4 sm:p-6">
          <PostItemForm />
        </CardContent>
      </Card>
    </div>
  );
}
