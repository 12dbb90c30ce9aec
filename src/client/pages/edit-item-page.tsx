import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { Card, CardContent } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/auth-provider';
import { useRouteItem } from '@/features/items/api';
import { ItemNotFound } from '@/features/items/components/item-not-found';
import { PostItemForm } from '@/features/items/components/post-item-form';
import { useT } from '@/lib/i18n';
import * as itemPolicy from '#shared/policies/items.js';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /items/{id}/edit (signed in; the owner or an admin): the post form, filled with the item, saving with PATCH. */
export function EditItemPage() {
  const t = useT();
  const params = useParams<{ id: string }>();
  const { valid, data: item, isPending, isError } = useRouteItem(params.id);
  const { user } = useAuth();
  useDocumentTitle(item ? `${t('items.edit.heading')}: ${item.title}` : t('items.edit.heading'));

  if (!valid || isError) return <ItemNotFound />;
  if (isPending || !item) return <PageSpinner label={t('items.detail.loading')} />;
  const mayEdit = itemPolicy.manage(user ?? null, item);
  const back = (
    <Link
      href={`/items/${item.id}`}
      className="-ml-2 inline-flex min-h-11 items-center gap-2 rounded-lg px-2 font-medium text-link hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {item.title}
    </Link>
  );
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div>{back}</div>
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-balance">{t('items.edit.heading')}</h1>
        <p className="mt-1 text-pretty text-muted-foreground">{mayEdit ? t('items.edit.intro') : t('items.edit.notYours')}</p>
      </div>
      {mayEdit ? (
        <Card>
          <CardContent className="p-4 sm:p-6">
            <PostItemForm item={item} />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
