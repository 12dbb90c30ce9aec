import { PackageX } from 'lucide-react';
import { Link } from 'wouter';
import { PageMessage } from '@/components/page-message';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';

/** Missing item or failed fetch (docs/product.md, Pages, Item detail). */
export function ItemNotFound() {
  const t = useT();
  return (
    <PageMessage
      icon={PackageX}
      title={t('items.notFound.title')}
      actions={
        <Button asChild variant="outline">
          <Link href="/">{t('items.notFound.backHome')}</Link>
        </Button>
      }
    >
      {t('items.notFound.body')}
    </PageMessage>
  );
}
